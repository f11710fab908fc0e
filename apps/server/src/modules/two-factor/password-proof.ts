import type { EncryptedPassword, Environment } from '@gatehouse/contract';
import type { Account } from '../accounts/accounts.repository.js';
import type { KnownDevices } from '../devices/known-devices.repository.js';
import type { PasswordAttempts } from '../password/password-attempts.js';
import type { PasswordServices } from '../password/password.plugin.js';
import { recheckPassword } from '../password/password-recheck.js';

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
    const knownDevice = await deps.devices.isKnown(account.id, client.guid);
    await recheckPassword(
      { hasher: deps.passwords.hasher, attempts: deps.attempts },
      account,
      plain,
      { ...client, knownDevice },
      deps.now(),
    );
  };
}

export type ProvePassword = ReturnType<typeof createPasswordProof>;
