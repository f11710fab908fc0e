import {
  RetCode,
  type ChangePasswordResult,
  type EncryptedPassword,
  type Environment,
} from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import type { Delivery } from '../delivery/delivery-types.js';
import type { KnownDevices } from '../devices/known-devices.repository.js';
import type { PasswordAttempts } from '../password/password-attempts.js';
import type { PasswordServices } from '../password/password.plugin.js';
import { recheckPassword } from '../password/password-recheck.js';
import type { SessionService } from '../session/session.service.js';

export interface PasswordChangeDeps {
  accounts: Pick<AccountsRepository, 'findById' | 'setPassword'>;
  passwords: Pick<PasswordServices, 'transport' | 'hasher' | 'check'>;
  attempts: PasswordAttempts;
  devices: Pick<KnownDevices, 'isKnown' | 'forgetAll' | 'remember'>;
  sessions: Pick<SessionService, 'revokeOthers'>;
  delivery: Delivery;
  log: { warn(obj: object, msg: string): void };
  now: () => number;
}

/** Who asks: the session, and the request as the checks need it. */
export interface PasswordChangeClient {
  userId: string;
  sessionId: string;
  env: Environment;
  ip: string;
  guid: string | null;
  userAgent: string | null;
  locale: string | null;
}

/**
 * Change the password from the account page (docs/flows/sessions.md): the current one first, counted
 * toward the login lockout before it is verified (password-recheck.ts), so a stolen session cannot be
 * used to guess it; then the policy on the new one (the contract's rules and the common-password
 * list); then the new hash, every other session ended, every other device made to prove itself again,
 * and a mail to the account.
 */
export function createPasswordChange(deps: PasswordChangeDeps) {
  return async function changePassword(
    input: { current: EncryptedPassword; new_password: EncryptedPassword },
    client: PasswordChangeClient,
  ): Promise<ChangePasswordResult> {
    const account = await deps.accounts.findById(client.userId);
    if (!account) throw new ApiError(RetCode.SessionExpired);
    const { transport, hasher } = deps.passwords;
    // Both are decrypted (and their freshness and replay checked) before anything is counted.
    const current = await transport.decryptPassword(input.current, client.env, deps.now());
    const next = await transport.decryptPassword(input.new_password, client.env, deps.now());
    const knownDevice = await deps.devices.isKnown(account.id, client.guid);
    await recheckPassword(
      { hasher, attempts: deps.attempts },
      account,
      current,
      { ip: client.ip, guid: client.guid, knownDevice },
      deps.now(),
    );
    const policy = await deps.passwords.check(next);
    if (!policy.ok) throw new ApiError(RetCode.PasswordTooWeak, undefined, 200, { reason: policy.reason });

    // setPassword also clears the failure count and the lockout.
    await deps.accounts.setPassword(account.id, await hasher.hash(next));
    const ended = await deps.sessions.revokeOthers(account.id, client.sessionId);
    // Whoever knew the old password may hold a "known" device: every other one proves itself again.
    await deps.devices.forgetAll(account.id);
    await deps.devices.remember(account.id, client.guid, client.userAgent);

    const to = account.email ?? account.mobile;
    if (to) {
      try {
        await deps.delivery.send({
          channel: account.email ? 'email' : 'sms',
          to,
          kind: 'password-changed',
          locale: client.locale ?? account.lang,
          vars: {},
        });
      } catch (err) {
        // The change is made; a failed notice is logged, never undoes it.
        deps.log.warn({ err, userId: account.id }, 'password-changed notice not sent');
      }
    }
    return { password_changed: true, sessions_ended: ended };
  };
}

export type ChangePassword = ReturnType<typeof createPasswordChange>;
