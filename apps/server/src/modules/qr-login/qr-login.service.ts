import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { QR_CODE_TTL_MS } from '@gatehouse/contract';
import type { KvStore } from '../../plugins/kv.js';

/**
 * QR-code login as a state machine in the shared kv store (docs/flows/qr-login.md):
 *
 *   waiting ──scan (account A)──► scanned ──confirm (A)──► confirmed ──poll (asking browser)──► spent
 *      │                            └──────cancel (A)────► cancelled
 *      └── after QR_CODE_TTL_MS ──► expired
 *
 * Every transition is one `add` (set-if-absent) of its own key, so it happens once whatever runs in
 * parallel, on every store and every instance:
 *
 * - `qr:{uuid}:by`: the first account to scan (or confirm) holds the code; another account is refused.
 * - `qr:{uuid}:end`: confirmed by that account, or cancelled; the first of the two wins, for good.
 * - `qr:{uuid}:given`: the asking browser's poll that takes the session; a second poll finds it set.
 *
 * The record `qr:{uuid}` holds who asked (site, browser, country, time) and a hash of the asking
 * browser's secret (an HttpOnly cookie): only that browser can poll the code into a session.
 * Validity is decided by `expiresAt` on the caller's clock (tests move it); store TTLs only clean up,
 * a minute later, so a poll just after a last-second confirm still gets its session.
 */

/** Who asked for the code, as recorded when it was generated. */
export interface QrRequester {
  /** The host name the asking browser opened. */
  site: string;
  browser: string | null;
  os: string | null;
  country: string | null;
}

export interface QrRequest extends QrRequester {
  requestedAt: number;
  expiresAt: number;
}

interface QrRecord extends QrRequest {
  /** sha256 of the asking browser's secret. */
  binding: string;
}

export type QrPoll =
  | { state: 'waiting' | 'scanned' | 'expired' | 'cancelled' }
  /** Answered once per code: the caller starts the session for `userId` on the polling browser. */
  | { state: 'confirmed'; userId: string }
  /** Unknown, cleaned up, another browser's, or already turned into a session. */
  | { state: 'gone' };

export interface QrLoginService {
  generate(
    browserSecret: string,
    requester: QrRequester,
    now: number,
  ): Promise<{ uuid: string; expiresAt: number }>;
  poll(uuid: string, browserSecret: string, now: number): Promise<QrPoll>;
  /** Take the code for `userId` and say who is asking; null when it is gone, decided or another account's. */
  scan(uuid: string, userId: string, now: number): Promise<QrRequest | null>;
  /** True when this call confirmed the code for `userId`. */
  confirm(uuid: string, userId: string, now: number): Promise<boolean>;
  /** True when this call cancelled it. */
  cancel(uuid: string, userId: string, now: number): Promise<boolean>;
}

/** Cleanup margin past expiry (see above). */
const GRACE_MS = 60_000;
const CONFIRMED = 'confirmed:';
const CANCELLED = 'cancelled';

const hashOf = (secret: string) => createHash('sha256').update(secret).digest();

export function createQrLoginService(kv: KvStore, ttlMs: number = QR_CODE_TTL_MS): QrLoginService {
  const keepMs = ttlMs + GRACE_MS;
  const recordKey = (uuid: string) => `qr:${uuid}`;
  const byKey = (uuid: string) => `qr:${uuid}:by`;
  const endKey = (uuid: string) => `qr:${uuid}:end`;
  const givenKey = (uuid: string) => `qr:${uuid}:given`;

  const read = async (uuid: string): Promise<QrRecord | null> => {
    const raw = await kv.get(recordKey(uuid));
    return raw ? (JSON.parse(raw) as QrRecord) : null;
  };
  const live = async (uuid: string, now: number) => {
    const record = await read(uuid);
    return record && record.expiresAt > now ? record : null;
  };
  /** The code is `userId`'s: it was free and is now, or it already was. */
  const claim = async (uuid: string, userId: string) =>
    (await kv.add(byKey(uuid), userId, keepMs)) || (await kv.get(byKey(uuid))) === userId;
  const decide = async (uuid: string, userId: string, now: number, outcome: string) =>
    (await live(uuid, now)) !== null &&
    (await claim(uuid, userId)) &&
    (await kv.add(endKey(uuid), outcome, keepMs));

  return {
    async generate(browserSecret, requester, now) {
      const uuid = randomUUID();
      const record: QrRecord = {
        ...requester,
        requestedAt: now,
        expiresAt: now + ttlMs,
        binding: hashOf(browserSecret).toString('base64url'),
      };
      await kv.set(recordKey(uuid), JSON.stringify(record), keepMs);
      return { uuid, expiresAt: record.expiresAt };
    },

    async poll(uuid, browserSecret, now) {
      const record = await read(uuid);
      if (!record) return { state: 'gone' };
      const expected = Buffer.from(record.binding, 'base64url');
      const given = hashOf(browserSecret);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { state: 'gone' };
      const end = await kv.get(endKey(uuid));
      if (end?.startsWith(CONFIRMED)) {
        // The one poll that sets this key delivers the session; any other (parallel, replayed) does not.
        if (!(await kv.add(givenKey(uuid), '1', keepMs))) return { state: 'gone' };
        return { state: 'confirmed', userId: end.slice(CONFIRMED.length) };
      }
      if (end === CANCELLED) return { state: 'cancelled' };
      if (record.expiresAt <= now) return { state: 'expired' };
      return { state: (await kv.get(byKey(uuid))) === null ? 'waiting' : 'scanned' };
    },

    async scan(uuid, userId, now) {
      const record = await live(uuid, now);
      if (!record || !(await claim(uuid, userId))) return null;
      // Decided already (confirmed or cancelled): nothing left to show.
      if ((await kv.get(endKey(uuid))) !== null) return null;
      const { binding: _binding, ...request } = record;
      return request;
    },

    confirm(uuid, userId, now) {
      return decide(uuid, userId, now, `${CONFIRMED}${userId}`);
    },

    cancel(uuid, userId, now) {
      return decide(uuid, userId, now, CANCELLED);
    },
  };
}
