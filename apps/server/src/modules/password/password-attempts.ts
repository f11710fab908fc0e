import { createHash } from 'node:crypto';
import { createAttemptLimiter } from '../../lib/attempt-limiter.js';
import type { KvStore, KvWriteOp } from '../../plugins/kv.js';

/**
 * Password guessing limits (docs/flows/login.md "Lockout"), as invariants of the shared store:
 *
 * - Per account and source. A source is the known device (its guid) when the device is known to
 *   the account, else the client address. Attempts are counted BEFORE the hash is verified, so a
 *   burst of parallel guesses verifies at most `threshold` passwords; the `threshold`-th wrong one
 *   locks that source for `lockMs`. The owner on another address, or on a known device, is not
 *   locked by someone else's guesses.
 * - Per account across sources, for unknown devices only: the `accountThreshold`-th failure within
 *   `accountWindowMs` (a guesser rotating addresses) holds unknown devices back for
 *   `accountLockMs`, and the owner gets an unlock link that makes their browser a known device.
 *
 * Unknown login names get exactly the same bookkeeping (under a hash of the name), so the answers
 * cannot tell whether an account exists. Keys include a tag of the current password hash: a
 * password change starts every count afresh.
 */
export interface PasswordAttemptsPolicy {
  /** The attempt that, when wrong, locks the source (the 6th: pass_err_count runs 1..5 before). */
  threshold: number;
  lockMs: number;
  accountThreshold: number;
  accountWindowMs: number;
  accountLockMs: number;
}

export const DEFAULT_PASSWORD_ATTEMPTS: Readonly<PasswordAttemptsPolicy> = {
  threshold: 6,
  lockMs: 30 * 60_000,
  accountThreshold: 20,
  accountWindowMs: 24 * 60 * 60_000,
  accountLockMs: 60 * 60_000,
};

export type AttemptSubject =
  { kind: 'account'; id: string; passwordHash: string | null } | { kind: 'name'; name: string };

export interface AttemptSource {
  ip: string;
  guid: string | null;
  /** The guid is a device this account has logged in from (or unlocked) before. */
  knownDevice: boolean;
}

export type PasswordGate =
  | { allowed: true; attempt: PasswordAttempt }
  | {
      allowed: false;
      lockedUntil: number;
      /** 'account': held back across sources; the caller offers the unlock link. */
      scope: 'source' | 'account';
    };

export interface PasswordAttempt {
  /** This attempt's number within the source's window (1-based): the client's pass_err_count. */
  readonly number: number;
  succeeded(): Promise<void>;
  /** What succeeded() writes, for a caller that writes it together with its own rows (ADR 0021). */
  successWrites(): KvWriteOp[];
  failed(): Promise<{ passErrCount: number; lockedUntil: number | null }>;
}

const shortHash = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

export interface PasswordAttempts {
  readonly policy: Readonly<PasswordAttemptsPolicy>;
  begin(subject: AttemptSubject, source: AttemptSource, now: number): Promise<PasswordGate>;
}

export function createPasswordAttempts(
  kv: KvStore,
  policy: Readonly<PasswordAttemptsPolicy> = DEFAULT_PASSWORD_ATTEMPTS,
): PasswordAttempts {
  const perSource = createAttemptLimiter(kv, 'pw-src', {
    limit: policy.threshold,
    windowMs: policy.lockMs,
    lockMs: policy.lockMs,
    onSuccess: 'reset',
  });
  const perAccount = createAttemptLimiter(kv, 'pw-acct', {
    limit: policy.accountThreshold,
    windowMs: policy.accountWindowMs,
    lockMs: policy.accountLockMs,
    onSuccess: 'reset',
  });
  const subjectKey = (s: AttemptSubject) =>
    s.kind === 'account'
      ? `a:${s.id}:${shortHash(s.passwordHash ?? 'none').slice(0, 8)}`
      : `n:${shortHash(s.name)}`;
  const sourceKey = (s: AttemptSource) =>
    s.knownDevice && s.guid ? `d:${shortHash(s.guid)}` : `ip:${shortHash(s.ip)}`;

  return {
    policy,
    async begin(subject, source, now) {
      const who = subjectKey(subject);
      const bySource = await perSource.begin(`${who}:${sourceKey(source)}`, now);
      if (!bySource.allowed) return { allowed: false, lockedUntil: bySource.lockedUntil, scope: 'source' };
      // Known devices are never held back by guesses from elsewhere.
      const byAccount = source.knownDevice ? null : await perAccount.begin(who, now);
      if (byAccount && !byAccount.allowed) {
        await bySource.attempt.cancel(); // nothing was checked: this attempt does not count
        return { allowed: false, lockedUntil: byAccount.lockedUntil, scope: 'account' };
      }
      const successWrites = () => [
        ...bySource.attempt.successWrites(),
        ...(byAccount?.attempt.successWrites() ?? []),
      ];
      return {
        allowed: true,
        attempt: {
          number: bySource.attempt.number,
          successWrites,
          async succeeded() {
            await kv.batch(successWrites());
          },
          async failed() {
            const result = await bySource.attempt.failed();
            await byAccount?.attempt.failed();
            return { passErrCount: result.number, lockedUntil: result.lockedUntil };
          },
        },
      };
    },
  };
}
