import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { LOGIN_CODE_MAX_ATTEMPTS, LOGIN_CODE_RESEND_MS, LOGIN_CODE_TTL_MS } from '@gatehouse/contract';
import type { KvStore } from '../../plugins/kv.js';

/**
 * The code step of a login (new device or risk): a 6-digit code sent to the account, tied to
 * a random challenge id. Lives in kv; only a hash of the code is stored. Single use, expires,
 * limited attempts (numbers in the contract, login.ts).
 */
export interface LoginChallenge {
  userId: string;
  /** The device guid the login came from; verify must come from the same one. */
  guid: string | null;
  channel: 'email' | 'mobile';
  /** Normalised e-mail or E.164 number the code goes to. */
  to: string;
  locale: string;
  /** Epoch ms. */
  expiresAt: number;
  /** Epoch ms before which no resend. */
  resendAt: number;
  codeHash: string;
}

export type CodeCheck =
  | { ok: true; challenge: LoginChallenge }
  | { ok: false; reason: 'gone' }
  | { ok: false; reason: 'wrong'; remainingAttempts: number };

export interface LoginChallenges {
  /** Store a new challenge; returns its id and the plain code (to send, never to log). */
  create(
    input: Omit<LoginChallenge, 'codeHash' | 'expiresAt' | 'resendAt'>,
    now: number,
  ): Promise<{ id: string; code: string; challenge: LoginChallenge }>;
  get(id: string, now: number): Promise<LoginChallenge | null>;
  /** A new code for the same challenge (the old one stops working, attempts start again). */
  renew(
    id: string,
    challenge: LoginChallenge,
    now: number,
  ): Promise<{ code: string; challenge: LoginChallenge }>;
  /** Check a code; a right code consumes the challenge (single use, also under concurrency). */
  check(id: string, code: string, now: number): Promise<CodeCheck>;
}

const hashCode = (id: string, code: string) =>
  createHash('sha256').update(`${id}:${code}`).digest('base64url');
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export function createLoginChallenges(kv: KvStore): LoginChallenges {
  const key = (id: string) => `login-ch:${id}`;
  const attemptsKey = (id: string) => `login-ch:att:${id}`;
  // The kv TTL only cleans up; `expiresAt` (the app's clock) decides validity.
  const ttl = LOGIN_CODE_TTL_MS + 60_000;

  const read = async (id: string, now: number): Promise<LoginChallenge | null> => {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) return null;
    const raw = await kv.get(key(id));
    if (!raw) return null;
    const challenge = JSON.parse(raw) as LoginChallenge;
    return challenge.expiresAt > now ? challenge : null;
  };

  return {
    async create(input, now) {
      const id = randomBytes(24).toString('base64url');
      const code = newCode();
      const challenge: LoginChallenge = {
        ...input,
        expiresAt: now + LOGIN_CODE_TTL_MS,
        resendAt: now + LOGIN_CODE_RESEND_MS,
        codeHash: hashCode(id, code),
      };
      await kv.set(key(id), JSON.stringify(challenge), ttl);
      return { id, code, challenge };
    },
    get: read,
    async renew(id, challenge, now) {
      const code = newCode();
      const next: LoginChallenge = {
        ...challenge,
        expiresAt: now + LOGIN_CODE_TTL_MS,
        resendAt: now + LOGIN_CODE_RESEND_MS,
        codeHash: hashCode(id, code),
      };
      await kv.set(key(id), JSON.stringify(next), ttl);
      await kv.del(attemptsKey(id));
      return { code, challenge: next };
    },
    async check(id, code, now) {
      const challenge = await read(id, now);
      if (!challenge) return { ok: false, reason: 'gone' };
      const expected = Buffer.from(challenge.codeHash);
      const given = Buffer.from(hashCode(id, code));
      if (expected.length === given.length && timingSafeEqual(expected, given)) {
        // take(): of two concurrent right answers only one gets the challenge.
        const taken = await kv.take(key(id));
        await kv.del(attemptsKey(id));
        return taken ? { ok: true, challenge } : { ok: false, reason: 'gone' };
      }
      const attempts = await kv.incr(attemptsKey(id), ttl);
      const remainingAttempts = Math.max(0, LOGIN_CODE_MAX_ATTEMPTS - attempts);
      // Used up: the code is burnt; the next try answers "expired, ask for a new one".
      if (remainingAttempts === 0) await kv.del(key(id));
      return { ok: false, reason: 'wrong', remainingAttempts };
    },
  };
}
