import { createHash, createHmac, generateKeyPairSync, sign as edSign } from 'node:crypto';
import { isValid3rd } from '@tma.js/init-data-node';
import { describe, expect, it } from 'vitest';
import { signInitData, signWidgetData } from '../../dev/telegram-simulator/telegram-signing.js';
import {
  createTelegramVerifier,
  TELEGRAM_PUBLIC_KEYS_HEX,
  TelegramVerifyError,
  type TelegramVerifierOptions,
} from './telegram-verify.js';

const TOKEN = '5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8';
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const at = (secondsFromNow: number) => new Date(NOW + secondsFromNow * 1000);
const USER = {
  id: 279058397,
  first_name: 'Ann',
  last_name: 'Lee',
  username: 'ann_lee',
  photo_url: 'https://t.me/i/a.jpg',
};

function verifier(overrides: Partial<TelegramVerifierOptions> = {}) {
  return createTelegramVerifier({
    botToken: TOKEN,
    maxAgeSec: 3600,
    initDataCheck: 'hmac',
    ed25519PublicKeyHex: TELEGRAM_PUBLIC_KEYS_HEX.prod,
    now: () => NOW,
    ...overrides,
  });
}

/** The reason a check failed, or 'ok'. */
function outcome(run: () => unknown): string {
  try {
    run();
    return 'ok';
  } catch (err) {
    if (err instanceof TelegramVerifyError) return err.reason;
    throw err;
  }
}

const query = (fields: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString();

describe('Login Widget data', () => {
  const widget = (secondsFromNow = -10, token = TOKEN) => signWidgetData(USER, token, at(secondsFromNow));

  it('accepts a valid payload as JSON or as the redirect query string', () => {
    const data = widget();
    const verified = verifier().verifyWidget(JSON.stringify(data));
    expect(verified.user).toEqual({
      id: '279058397',
      username: 'ann_lee',
      firstName: 'Ann',
      lastName: 'Lee',
      photoUrl: 'https://t.me/i/a.jpg',
      allowsWriteToPm: null,
    });
    expect(verified.proof).toBe(data['hash']);
    expect(outcome(() => verifier().verifyWidget(query(data)))).toBe('ok');
  });

  it('matches an independent computation of the documented algorithm', () => {
    const fields = { auth_date: NOW / 1000 - 5, first_name: 'Ann', id: 42 };
    const key = createHash('sha256').update(TOKEN).digest();
    const hash = createHmac('sha256', key)
      .update('auth_date=' + fields.auth_date + '\nfirst_name=Ann\nid=42')
      .digest('hex');
    expect(outcome(() => verifier().verifyWidget(JSON.stringify({ ...fields, hash })))).toBe('ok');
  });

  it('refuses a tampered field, a wrong bot token, a stale or future date', () => {
    expect(outcome(() => verifier().verifyWidget(JSON.stringify({ ...widget(), id: 1 })))).toBe('signature');
    expect(outcome(() => verifier().verifyWidget(JSON.stringify({ ...widget(), username: 'eve' })))).toBe(
      'signature',
    );
    expect(
      outcome(() => verifier().verifyWidget(JSON.stringify(widget(-10, '1:wrongwrongwrongwrongwrong')))),
    ).toBe('signature');
    expect(outcome(() => verifier().verifyWidget(JSON.stringify(widget(-3601))))).toBe('stale');
    expect(outcome(() => verifier().verifyWidget(JSON.stringify(widget(120))))).toBe('future');
    // Within the clock skew allowance.
    expect(outcome(() => verifier().verifyWidget(JSON.stringify(widget(30))))).toBe('ok');
  });

  it('accepts the hash in lower-case hex only (one spelling, one replay key)', () => {
    const data = widget();
    const hash = String(data['hash']);
    expect(
      outcome(() => verifier().verifyWidget(JSON.stringify({ ...data, hash: hash.toUpperCase() }))),
    ).toBe('signature');
    expect(verifier().verifyWidget(JSON.stringify(data)).proof).toBe(hash);
  });

  it('refuses malformed data before trusting any field', () => {
    expect(outcome(() => verifier().verifyWidget('{not json'))).toBe('malformed');
    expect(outcome(() => verifier().verifyWidget(JSON.stringify({ ...widget(), extra: { a: 1 } })))).toBe(
      'malformed',
    );
    expect(outcome(() => verifier().verifyWidget(`${query(widget())}&id=1`))).toBe('malformed');
    const { hash: _hash, ...unsigned } = widget();
    expect(outcome(() => verifier().verifyWidget(JSON.stringify(unsigned)))).toBe('signature');
    expect(outcome(() => verifier().verifyWidget(JSON.stringify({ ...widget(), hash: 'zz' })))).toBe(
      'signature',
    );
  });

  it('keeps only https avatars', () => {
    const data = signWidgetData({ ...USER, photo_url: 'javascript:alert(1)' }, TOKEN, at(-1));
    expect(verifier().verifyWidget(JSON.stringify(data)).user.photoUrl).toBeNull();
  });
});

describe('Mini App init data (HMAC with the WebAppData key)', () => {
  const initData = (secondsFromNow = -10, token = TOKEN) =>
    signInitData({ ...USER, allows_write_to_pm: true }, token, at(secondsFromNow));

  it('accepts data signed as Telegram signs it', () => {
    const verified = verifier().verifyInitData(initData());
    expect(verified.kind).toBe('mini');
    expect(verified.user).toMatchObject({ id: '279058397', username: 'ann_lee', allowsWriteToPm: true });
  });

  it('refuses the hash in upper case (one spelling, one replay key)', () => {
    const raw = initData();
    const hash = new URLSearchParams(raw).get('hash') ?? '';
    expect(verifier().verifyInitData(raw).proof).toBe(hash);
    expect(outcome(() => verifier().verifyInitData(raw.replace(hash, hash.toUpperCase())))).toBe('signature');
  });

  it("accepts the library's published test vector (its documented token and hash)", () => {
    const sp =
      'auth_date=1&can_send_after=10000&chat=%7B%22id%22%3A1%2C%22type%22%3A%22group%22%2C%22title%22%3A%22chat-title%22%2C%22photo_url%22%3A%22group%22%2C%22username%22%3A%22my-chat%22%7D&chat_instance=888&chat_type=sender&hash=47cfa22e72b887cba90c9cb833c5ea0f599975b6ce7193741844b5c4a4228b40&query_id=QUERY&receiver=%7B%22added_to_attachment_menu%22%3Afalse%2C%22allows_write_to_pm%22%3Atrue%2C%22first_name%22%3A%22receiver-first-name%22%2C%22id%22%3A991%2C%22is_bot%22%3Afalse%2C%22is_premium%22%3Atrue%2C%22language_code%22%3A%22ru%22%2C%22last_name%22%3A%22receiver-last-name%22%2C%22photo_url%22%3A%22receiver-photo%22%2C%22username%22%3A%22receiver-username%22%7D&start_param=debug&user=%7B%22added_to_attachment_menu%22%3Afalse%2C%22allows_write_to_pm%22%3Afalse%2C%22first_name%22%3A%22user-first-name%22%2C%22id%22%3A222%2C%22is_bot%22%3Atrue%2C%22is_premium%22%3Afalse%2C%22language_code%22%3A%22en%22%2C%22last_name%22%3A%22user-last-name%22%2C%22photo_url%22%3A%22user-photo%22%2C%22username%22%3A%22user-username%22%7D';
    const v = verifier({ now: () => 30_000 });
    expect(v.verifyInitData(sp).user.id).toBe('222');
  });

  it('refuses a tampered field, a wrong bot token, a stale or future date', () => {
    const tampered = initData().replace('ann_lee', 'eve');
    expect(outcome(() => verifier().verifyInitData(tampered))).toBe('signature');
    expect(outcome(() => verifier().verifyInitData(initData(-10, '1:wrongwrongwrongwrongwrong')))).toBe(
      'signature',
    );
    expect(outcome(() => verifier().verifyInitData(initData(-3601)))).toBe('stale');
    expect(outcome(() => verifier().verifyInitData(initData(600)))).toBe('future');
    expect(outcome(() => verifier({ maxAgeSec: 5 }).verifyInitData(initData(-10)))).toBe('stale');
  });

  it('refuses a repeated key and data without a user', () => {
    expect(outcome(() => verifier().verifyInitData(`${initData()}&auth_date=1`))).toBe('malformed');
    const noUser = signInitData({ ...USER }, TOKEN, at(-1)).replace(/user=[^&]*&/, '');
    expect(outcome(() => verifier().verifyInitData(noUser))).toBe('signature');
  });
});

/**
 * A Mini App init data string signed by Telegram itself (production environment, bot 7342037359),
 * published as the example of the tma.js documentation for third-party validation.
 */
const TELEGRAM_SIGNED =
  'user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%20%2B%20-%20%3F%20%5C%2F%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%2C%22allows_write_to_pm%22%3Atrue%2C%22photo_url%22%3A%22https%3A%5C%2F%5C%2Ft.me%5C%2Fi%5C%2Fuserpic%5C%2F320%5C%2F4FPEE4tmP3ATHa57u6MqTDih13LTOiMoKoLDRG4PnSA.svg%22%7D' +
  '&chat_instance=8134722200314281151&chat_type=private&auth_date=1733584787' +
  '&signature=zL-ucjNyREiHDE8aihFwpfR9aggP2xiAo3NSpfe-p7IbCisNlDKlo7Kb6G4D0Ao2mBrSgEk4maLSdv6MLIlADQ' +
  '&hash=2174df5b000556d044f3f020384e879c8efcab55ddea2ced4eb752e93e7080d6';
const TELEGRAM_SIGNED_BOT = '7342037359';
const TELEGRAM_SIGNED_AT = 1733584787_000;

describe('Mini App init data (Ed25519, third-party check)', () => {
  const thirdParty = (overrides: Partial<TelegramVerifierOptions> = {}) =>
    verifier({
      // Only the bot id matters for Ed25519; the secret part is never used in this mode.
      botToken: `${TELEGRAM_SIGNED_BOT}:unknown-secret-unknown-secret`,
      initDataCheck: 'ed25519',
      now: () => TELEGRAM_SIGNED_AT + 60_000,
      ...overrides,
    });

  it("accepts data signed by Telegram with Telegram's published production key", () => {
    const verified = thirdParty().verifyInitData(TELEGRAM_SIGNED);
    expect(verified.user).toMatchObject({ id: '279058397', username: 'vdkfrost' });
  });

  it('refuses it with the test-environment key, for another bot, when tampered or stale', () => {
    expect(
      outcome(() =>
        thirdParty({ ed25519PublicKeyHex: TELEGRAM_PUBLIC_KEYS_HEX.test }).verifyInitData(TELEGRAM_SIGNED),
      ),
    ).toBe('signature');
    expect(outcome(() => thirdParty({ botToken: '7342037358:x' }).verifyInitData(TELEGRAM_SIGNED))).toBe(
      'signature',
    );
    expect(outcome(() => thirdParty().verifyInitData(TELEGRAM_SIGNED.replace('vdkfrost', 'vdkfrosT')))).toBe(
      'signature',
    );
    expect(
      outcome(() => thirdParty({ now: () => TELEGRAM_SIGNED_AT + 7200_000 }).verifyInitData(TELEGRAM_SIGNED)),
    ).toBe('stale');
  });

  it('agrees with the library on which published key is which', async () => {
    // The library embeds the same two keys; its verdicts on Telegram's data must match our table.
    const bot = Number(TELEGRAM_SIGNED_BOT);
    expect(await isValid3rd(TELEGRAM_SIGNED, bot, { expiresIn: 0 })).toBe(true);
    expect(await isValid3rd(TELEGRAM_SIGNED, bot, { expiresIn: 0, test: true })).toBe(false);
    expect(TELEGRAM_PUBLIC_KEYS_HEX.test).toBe(
      '40055058a4ee38156a06562e52eece92a771bcd8346a8c4615cb7376eddf72ec',
    );
  });

  it('accepts the signature in its one canonical spelling only', () => {
    const signature = new URLSearchParams(TELEGRAM_SIGNED).get('signature') ?? '';
    expect(signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
    const respelled = (other: string) => TELEGRAM_SIGNED.replace(signature, encodeURIComponent(other));
    const std = signature.replace(/-/g, '+').replace(/_/g, '/');
    expect(std).not.toBe(signature);
    // Each of these decodes (leniently) to the very same 64 bytes Telegram signed.
    const spellings = [
      `${signature}==`, // padding
      `${signature}=`,
      std, // the standard alphabet
      `${std}==`,
      `${signature.slice(0, 85)}R`, // non-zero unused trailing bits (Q = …0000, R = …0001)
      `${signature.slice(0, 85)}Z`,
      `${signature} `,
      signature.slice(0, 85), // too short
    ];
    for (const other of spellings) {
      if (other.trim().length >= 86)
        expect(Buffer.from(other.trim(), 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(true);
      expect(
        outcome(() => thirdParty().verifyInitData(respelled(other))),
        other,
      ).toBe('signature');
    }
    expect(outcome(() => thirdParty().verifyInitData(TELEGRAM_SIGNED))).toBe('ok');
  });

  it('keys replays by the signed payload, not by how the data was spelled', () => {
    const proof = thirdParty().verifyInitData(TELEGRAM_SIGNED).proof;
    const signature = new URLSearchParams(TELEGRAM_SIGNED).get('signature') ?? '';
    expect(proof).toMatch(/^ed25519:[0-9a-f]{64}$/);
    expect(proof).not.toContain(signature);
    // Reordered fields and another `hash` (not covered by the signature) are the same payload.
    const params = [...new URLSearchParams(TELEGRAM_SIGNED)]
      .reverse()
      .map(([k, v]): [string, string] => (k === 'hash' ? [k, 'f'.repeat(64)] : [k, v]));
    expect(thirdParty().verifyInitData(new URLSearchParams(params).toString()).proof).toBe(proof);
  });

  it('checks the signature with whichever key is configured (a generated test-environment stand-in)', () => {
    // No data signed by Telegram's test environment is at hand, so the test-key path runs with a
    // key pair made here, signed exactly as Telegram signs: "<bot id>:WebAppData\n" + sorted pairs.
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const rawPublic = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url').toString('hex');
    const pairs: Array<[string, string]> = [
      ['auth_date', String(Math.floor(NOW / 1000) - 5)],
      ['user', JSON.stringify({ id: 7, first_name: 'Tess' })],
      ['chat_type', 'sender'],
    ];
    const dataCheck = pairs
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join('\n');
    const signature = edSign(null, Buffer.from(`12345:WebAppData\n${dataCheck}`), privateKey).toString(
      'base64url',
    );
    const raw = new URLSearchParams([
      ...pairs,
      ['signature', signature],
      ['hash', '0'.repeat(64)],
    ]).toString();
    const v = verifier({
      botToken: '12345:whatever',
      initDataCheck: 'ed25519',
      ed25519PublicKeyHex: rawPublic,
    });
    expect(v.verifyInitData(raw).user.id).toBe('7');
    expect(
      outcome(() => verifier({ botToken: '12345:whatever', initDataCheck: 'ed25519' }).verifyInitData(raw)),
    ).toBe('signature');
    // `both` also needs the bot-token HMAC, which this data lacks.
    expect(
      outcome(() =>
        verifier({
          botToken: '12345:whatever',
          initDataCheck: 'both',
          ed25519PublicKeyHex: rawPublic,
        }).verifyInitData(raw),
      ),
    ).toBe('signature');
  });
});
