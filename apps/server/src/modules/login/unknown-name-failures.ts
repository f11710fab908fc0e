import { createHash } from 'node:crypto';
import type { PasswordFailure, LockoutPolicy } from '../accounts/accounts.repository.js';
import type { KvStore } from '../../plugins/kv.js';

/**
 * Password-failure bookkeeping for login names that match no account, so that an unknown
 * account answers exactly like a known one with a wrong password: the same pass_err_count
 * sequence, the same lock at the same count, the same lock length (the accounts policy).
 * Kept in kv under a hash of the name; a count idle for a day is forgotten.
 */
export interface UnknownNameFailures {
  /** Epoch ms until which this name is "locked", or null. */
  lockedUntil(loginName: string, now: number): Promise<number | null>;
  record(loginName: string, now: number): Promise<PasswordFailure>;
}

const IDLE_MS = 24 * 60 * 60_000;

export function createUnknownNameFailures(
  kv: KvStore,
  lockout: Readonly<LockoutPolicy>,
): UnknownNameFailures {
  const id = (name: string) => createHash('sha256').update(name).digest('base64url').slice(0, 27);
  const countKey = (name: string) => `login-unknown:n:${id(name)}`;
  const lockKey = (name: string) => `login-unknown:lock:${id(name)}`;

  return {
    async lockedUntil(loginName, now) {
      // The end time is stored in the value (the TTL only cleans up), so the app's clock decides.
      const until = Number((await kv.get(lockKey(loginName))) ?? 0);
      return until > now ? until : null;
    },
    async record(loginName, now) {
      const passErrCount = await kv.incr(countKey(loginName), IDLE_MS);
      if (passErrCount < lockout.threshold) return { passErrCount, lockedUntil: null };
      const lockedUntil = now + lockout.durationMs;
      await kv.set(lockKey(loginName), String(lockedUntil), lockout.durationMs + IDLE_MS);
      // As for accounts: the first failure after the lock counts 1 again.
      await kv.del(countKey(loginName));
      return { passErrCount, lockedUntil };
    },
  };
}
