import { RetCode, type EncryptedPassword, type Environment } from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import type { Account } from '../accounts/accounts.repository.js';
import type { KnownDevices } from '../devices/known-devices.repository.js';
import type { PasswordAttempts } from '../password/password-attempts.js';
import type { PasswordServices } from '../password/password.plugin.js';

export interface PasswordProofDeps {
  passwords: Pick<PasswordServices, 'transport' | 'hasher'>;
  attempts: PasswordAttempts;
  devices: Pick<KnownDevices, 'isKnown'>;
  now: () => number;
}

/**
 * The account password again before a change to how the account is logged in to (ASVS 6.2.x /
 * 7.5.1): binding an authenticator asks for it every time, whatever the session's age. A wrong one
 * counts toward the same per-source lockout as login, so a stolen session cannot be used to guess it.
 */
export function createPasswordProof(deps: PasswordProofDeps) {
  return async function provePassword(
    account: Account,
    env: Environment,
    proof: EncryptedPassword,
    client: { ip: string; guid: string | null },
  ): Promise<void> {
    const plain = await deps.passwords.transport.decryptPassword(proof, env, deps.now());
    const now = deps.now();
    const lockedResult = (until: number) => ({
      locked_until: until,
      retry_after_seconds: Math.max(0, Math.ceil((until - now) / 1000)),
    });
    const gate = await deps.attempts.begin(
      { kind: 'account', id: account.id, passwordHash: account.passwordHash },
      { ...client, knownDevice: await deps.devices.isKnown(account.id, client.guid) },
      now,
    );
    if (!gate.allowed) {
      throw new ApiError(RetCode.TooManyPasswordErrors, undefined, 200, lockedResult(gate.lockedUntil));
    }
    const good = account.passwordHash
      ? await deps.passwords.hasher.verify(account.passwordHash, plain)
      : await deps.passwords.hasher.verifyDummy(plain);
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
  };
}

export type ProvePassword = ReturnType<typeof createPasswordProof>;
