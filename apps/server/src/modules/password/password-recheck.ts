import { RetCode } from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import type { AttemptSource, PasswordAttempts } from './password-attempts.js';
import type { PasswordHasher } from './password-hasher.js';

export interface PasswordRecheckDeps {
  hasher: Pick<PasswordHasher, 'verify' | 'verifyDummy'>;
  attempts: PasswordAttempts;
}

/**
 * The account's password asked again inside a session (re-authentication before a change to how the
 * account is logged in to, ASVS 7.5.1). It is counted before it is verified, toward the same
 * per-source lockout as login (password-attempts.ts), so a stolen session cannot be used to guess it:
 * 31002 with the count while attempts remain, 31004 with the lock's end once they are spent.
 */
export async function recheckPassword(
  deps: PasswordRecheckDeps,
  account: { id: string; passwordHash: string | null },
  plain: string,
  source: AttemptSource,
  now: number,
): Promise<void> {
  const lockedResult = (until: number) => ({
    locked_until: until,
    retry_after_seconds: Math.max(0, Math.ceil((until - now) / 1000)),
  });
  const gate = await deps.attempts.begin(
    { kind: 'account', id: account.id, passwordHash: account.passwordHash },
    source,
    now,
  );
  if (!gate.allowed) {
    throw new ApiError(RetCode.TooManyPasswordErrors, undefined, 200, lockedResult(gate.lockedUntil));
  }
  const good = account.passwordHash
    ? await deps.hasher.verify(account.passwordHash, plain)
    : await deps.hasher.verifyDummy(plain);
  if (good) {
    await gate.attempt.succeeded();
    return;
  }
  const failure = await gate.attempt.failed();
  if (failure.lockedUntil !== null && failure.lockedUntil > now) {
    throw new ApiError(RetCode.TooManyPasswordErrors, undefined, 200, lockedResult(failure.lockedUntil));
  }
  throw new ApiError(RetCode.PasswordWrong, undefined, 200, {
    pass_err_count: failure.passErrCount,
    max_pass_err_count: deps.attempts.policy.threshold - 1,
  });
}
