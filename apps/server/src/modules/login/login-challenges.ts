import { randomBytes } from 'node:crypto';
import { LOGIN_CODE_MAX_ATTEMPTS, LOGIN_CODE_RESEND_MS, LOGIN_CODE_TTL_MS } from '@gatehouse/contract';
import type { KvStore } from '../../plugins/kv.js';
import { createOneTimeCodes, sixDigitCode } from '../../lib/one-time-codes.js';

/**
 * The code step of a login (new device or risk): a 6-digit code sent to the account, tied to
 * a random challenge id, through the shared one-time-code lifecycle (lib/one-time-codes.ts).
 * Numbers in the contract, login.ts.
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
}

export type CodeCheck =
  | { ok: true; challenge: LoginChallenge }
  | { ok: false; reason: 'gone' }
  | { ok: false; reason: 'wrong'; remainingAttempts: number };

export interface LoginChallenges {
  /** Store a new challenge; returns its id and the plain code (to send, never to log). */
  create(
    input: Omit<LoginChallenge, 'expiresAt' | 'resendAt'>,
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

export const newCode = sixDigitCode;

type ChallengeInfo = Omit<LoginChallenge, 'expiresAt'>;

export function createLoginChallenges(kv: KvStore): LoginChallenges {
  // The shared one-time-code lifecycle: attempts counted before comparing, consumed once.
  const codes = createOneTimeCodes<ChallengeInfo>(kv, 'login', {
    ttlMs: LOGIN_CODE_TTL_MS,
    maxAttempts: LOGIN_CODE_MAX_ATTEMPTS,
  });
  const validId = (id: string) => /^[A-Za-z0-9_-]{16,64}$/.test(id);
  const challengeOf = (info: ChallengeInfo, expiresAt: number): LoginChallenge => ({ ...info, expiresAt });

  return {
    async create(input, now) {
      const id = randomBytes(24).toString('base64url');
      const info: ChallengeInfo = { ...input, resendAt: now + LOGIN_CODE_RESEND_MS };
      const { code, record } = await codes.issue(id, info, now);
      return { id, code, challenge: challengeOf(info, record.expiresAt) };
    },
    async get(id, now) {
      if (!validId(id)) return null;
      const record = await codes.peek(id, now);
      return record ? challengeOf(record.payload, record.expiresAt) : null;
    },
    async renew(id, challenge, now) {
      const { expiresAt: _expired, ...rest } = challenge;
      const info: ChallengeInfo = { ...rest, resendAt: now + LOGIN_CODE_RESEND_MS };
      const { code, record } = await codes.issue(id, info, now);
      return { code, challenge: challengeOf(info, record.expiresAt) };
    },
    async check(id, code, now) {
      if (!validId(id)) return { ok: false, reason: 'gone' };
      const verdict = await codes.verify(id, code, now);
      if (verdict.ok) return { ok: true, challenge: challengeOf(verdict.payload, now) };
      return verdict;
    },
  };
}
