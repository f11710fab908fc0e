import {
  createHash,
  createHmac,
  createPublicKey,
  timingSafeEqual,
  verify,
  type KeyObject,
} from 'node:crypto';
import { signData } from '@tma.js/init-data-node';
import { z } from 'zod';
import { TELEGRAM_CALLBACK_MAX_LENGTH } from '@gatehouse/contract';

/**
 * Checks of signed Telegram data (docs/telegram.md "Verification"):
 *
 * - Login Widget (`telegram_callback`): hash = HMAC-SHA256(key = SHA-256(bot token)) over the
 *   data-check string (every field but `hash`, `key=value`, sorted, joined by "\n"). The
 *   @tma.js library covers only Mini App data, so this one is written here with node:crypto.
 * - Mini App init data (`telegram_callback_mini`, `TgToken`): hash = HMAC-SHA256(key =
 *   HMAC-SHA256("WebAppData", bot token)) over the data-check string; computed with the
 *   library's `signData`. Optionally (or instead) Telegram's Ed25519 `signature` over
 *   "<bot id>:WebAppData\n" + the data-check string without `hash` and `signature`, with
 *   Telegram's published key for the test or production environment.
 *
 * The library's own `validate` compares with `===` and reads the wall clock; we compare in
 * constant time, take the clock from the caller, and also refuse dates in the future.
 */

/** Telegram's published Ed25519 public keys (core.telegram.org/bots/webapps, third-party validation). */
export const TELEGRAM_PUBLIC_KEYS_HEX = {
  test: '40055058a4ee38156a06562e52eece92a771bcd8346a8c4615cb7376eddf72ec',
  prod: 'e7bf03a2fa4602af4580703d88dda5bb59f32ed8b02a56c187fe7d34caed242d',
} as const;

/** Clocks differ a little; an auth_date further ahead than this is refused. */
export const MAX_FUTURE_SKEW_SEC = 60;

export type TelegramVerifyFailure = 'malformed' | 'signature' | 'stale' | 'future';

export class TelegramVerifyError extends Error {
  override name = 'TelegramVerifyError';
  constructor(readonly reason: TelegramVerifyFailure) {
    super(`telegram data refused: ${reason}`);
  }
}

/** The Telegram user behind verified data. */
export interface TelegramIdentity {
  id: string;
  username: string | null;
  firstName: string;
  lastName: string | null;
  photoUrl: string | null;
  /** Mini App only: the user let the bot write to them; null when unknown (widget). */
  allowsWriteToPm: boolean | null;
}

export interface VerifiedTelegramData {
  kind: 'widget' | 'mini';
  user: TelegramIdentity;
  /** Epoch seconds. */
  authDate: number;
  /**
   * What makes this payload unique, the replay key: its HMAC hash (lower-case hex), or with the
   * Ed25519 check alone the SHA-256 of the signed message (never the signature's text, which a
   * lenient decoder would take in several spellings).
   */
  proof: string;
}

export interface TelegramVerifierOptions {
  botToken: string;
  maxAgeSec: number;
  initDataCheck: 'hmac' | 'ed25519' | 'both';
  /** Raw 32-byte Ed25519 public key, hex (one of TELEGRAM_PUBLIC_KEYS_HEX; tests pass their own). */
  ed25519PublicKeyHex: string;
  /** Epoch milliseconds. */
  now: () => number;
}

/** Lower-case only: Telegram sends lower case, and one digest must have one spelling (it keys replays). */
const HEX_64 = /^[0-9a-f]{64}$/;
/**
 * A 64-byte Ed25519 signature in base64url exactly as Telegram writes it: 86 characters, no
 * padding, and a last character whose unused low 4 bits are zero (A, Q, g or w). Node's decoder
 * would also take padding, the standard alphabet and non-zero trailing bits, giving one signature
 * many spellings.
 */
const SIGNATURE_B64URL = /^[A-Za-z0-9_-]{85}[AQgw]$/;
const fail = (reason: TelegramVerifyFailure): never => {
  throw new TelegramVerifyError(reason);
};

/** Equal-length hex digests compared without an early exit. */
function sameHex(expectedHex: string, givenHex: string): boolean {
  if (!HEX_64.test(givenHex)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(givenHex, 'hex'));
}

function dataCheckString(pairs: ReadonlyArray<readonly [string, string]>, skip: ReadonlySet<string>): string {
  return pairs
    .filter(([k]) => !skip.has(k))
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('\n');
}

/** Query string, or the JSON object the widget's JavaScript callback receives (flat values only). */
function widgetPairs(raw: string): Array<[string, string]> {
  const text = raw.trim();
  if (text.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return fail('malformed');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return fail('malformed');
    return Object.entries(parsed).map(([k, v]): [string, string] => {
      if (typeof v === 'string') return [k, v];
      if (typeof v === 'number' && Number.isFinite(v)) return [k, String(v)];
      if (typeof v === 'boolean') return [k, String(v)];
      return fail('malformed');
    });
  }
  return [...new URLSearchParams(text.replace(/^[?#]/, ''))];
}

const numericId = z.union([z.number().int().positive(), z.string().regex(/^\d{1,20}$/)]).transform(String);
const optionalText = z.string().max(256).optional();

const widgetUserSchema = z.object({
  id: numericId,
  first_name: z.string().min(1).max(256),
  last_name: optionalText,
  username: optionalText,
  photo_url: z.string().max(1024).optional(),
});

const miniUserSchema = widgetUserSchema.extend({ allows_write_to_pm: z.boolean().optional() });

/** Only https avatars are kept: the value ends up in an <img src> on our pages. */
const safePhoto = (url: string | undefined): string | null =>
  url !== undefined && /^https:\/\/[^\s"'<>]+$/.test(url) ? url : null;

function identityOf(u: z.infer<typeof miniUserSchema>): TelegramIdentity {
  return {
    id: u.id,
    username: u.username ?? null,
    firstName: u.first_name,
    lastName: u.last_name ?? null,
    photoUrl: safePhoto(u.photo_url),
    allowsWriteToPm: u.allows_write_to_pm ?? null,
  };
}

function authDateOf(pairs: ReadonlyArray<readonly [string, string]>): number {
  const value = pairs.find(([k]) => k === 'auth_date')?.[1];
  if (value === undefined || !/^\d{1,12}$/.test(value)) return fail('malformed');
  return Number(value);
}

/** Raw Ed25519 key bytes → KeyObject (JWK is the one raw-key import node:crypto offers). */
export function ed25519PublicKey(hex: string): KeyObject {
  if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error('Ed25519 public key: 32 bytes of hex expected');
  return createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(hex, 'hex').toString('base64url') },
    format: 'jwk',
  });
}

export interface TelegramVerifier {
  /** Login Widget data; throws TelegramVerifyError. */
  verifyWidget(raw: string): VerifiedTelegramData;
  /** Mini App init data; throws TelegramVerifyError. */
  verifyInitData(raw: string): VerifiedTelegramData;
  /** The bot id (the token's number), for the widget and the Ed25519 check. */
  readonly botId: string;
}

export function createTelegramVerifier(opts: TelegramVerifierOptions): TelegramVerifier {
  const botId = opts.botToken.split(':')[0] ?? '';
  const widgetKey = createHash('sha256').update(opts.botToken).digest();
  const publicKey = ed25519PublicKey(opts.ed25519PublicKeyHex);

  const assertFresh = (authDate: number) => {
    const nowSec = Math.floor(opts.now() / 1000);
    if (authDate > nowSec + MAX_FUTURE_SKEW_SEC) fail('future');
    if (nowSec - authDate > opts.maxAgeSec) fail('stale');
  };

  const readPairs = (raw: string, parse: (raw: string) => Array<[string, string]>) => {
    if (raw.length === 0 || raw.length > TELEGRAM_CALLBACK_MAX_LENGTH) fail('malformed');
    const pairs = parse(raw);
    // A repeated key would make the checked string and the fields we read disagree.
    if (new Set(pairs.map(([k]) => k)).size !== pairs.length) fail('malformed');
    return pairs;
  };

  const hmacOk = (
    pairs: Array<[string, string]>,
    hash: string | undefined,
    expected: (dcs: string) => string,
  ) => hash !== undefined && sameHex(expected(dataCheckString(pairs, new Set(['hash']))), hash);

  /**
   * The SHA-256 of the signed message when the signature checks out, else null. That digest, not
   * the signature's text, keys replays: whatever spelling got through, one payload has one key.
   */
  const ed25519Digest = (pairs: Array<[string, string]>, signature: string | undefined): string | null => {
    if (signature === undefined || !SIGNATURE_B64URL.test(signature)) return null;
    const bytes = Buffer.from(signature, 'base64url');
    if (bytes.length !== 64 || bytes.toString('base64url') !== signature) return null;
    const message = Buffer.from(
      `${botId}:WebAppData\n${dataCheckString(pairs, new Set(['hash', 'signature']))}`,
    );
    if (!verify(null, message, publicKey, bytes)) return null;
    return createHash('sha256').update(message).digest('hex');
  };

  return {
    botId,

    verifyWidget(raw) {
      const pairs = readPairs(raw, widgetPairs);
      const fields = Object.fromEntries(pairs);
      const hash = fields['hash'];
      const ok = hmacOk(pairs, hash, (dcs) => createHmac('sha256', widgetKey).update(dcs).digest('hex'));
      if (!ok || hash === undefined) return fail('signature');
      const authDate = authDateOf(pairs);
      assertFresh(authDate);
      const user = widgetUserSchema.safeParse(fields);
      if (!user.success) return fail('malformed');
      return { kind: 'widget', user: identityOf(user.data), authDate, proof: hash };
    },

    verifyInitData(raw) {
      const pairs = readPairs(raw, (text) => [...new URLSearchParams(text.trim().replace(/^[?#]/, ''))]);
      const fields = Object.fromEntries(pairs);
      const hash = fields['hash'];
      const useHmac = opts.initDataCheck !== 'ed25519';
      const useEd25519 = opts.initDataCheck !== 'hmac';
      if (useHmac && !hmacOk(pairs, hash, (dcs) => signData(dcs, opts.botToken))) return fail('signature');
      const signedDigest = useEd25519 ? ed25519Digest(pairs, fields['signature']) : null;
      if (useEd25519 && signedDigest === null) return fail('signature');
      const authDate = authDateOf(pairs);
      assertFresh(authDate);
      let userJson: unknown;
      try {
        userJson = JSON.parse(fields['user'] ?? '');
      } catch {
        return fail('malformed');
      }
      const user = miniUserSchema.safeParse(userJson);
      if (!user.success) return fail('malformed');
      // The HMAC (lower-case hex, one spelling) covers every field, the signature included.
      const proof = useHmac && hash !== undefined ? hash : `ed25519:${signedDigest ?? ''}`;
      return { kind: 'mini', user: identityOf(user.data), authDate, proof };
    },
  };
}
