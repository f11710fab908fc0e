import { RetCode, TELEGRAM_REAUTH_WINDOW_MS, type Environment } from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import type { AttemptSource, PasswordAttempts } from '../password/password-attempts.js';
import type { PasswordServices } from '../password/password.plugin.js';
import { recheckPassword } from '../password/password-recheck.js';

/** What the caller proved: nothing beyond the session, or the password again. */
export interface ReauthProof {
  encrypt_password?: string | undefined;
  encrypt_timestamp?: string | undefined;
}

export interface ReauthDeps {
  accounts: AccountsRepository;
  passwords: Pick<PasswordServices, 'transport' | 'hasher'>;
  attempts: PasswordAttempts;
  /** Whether the request's device is known to the account (login's rule for attempt sources). */
  isKnownDevice(userId: string, guid: string | null): Promise<boolean>;
  sessionCreatedAt(sessionId: string): Promise<number | null>;
  now: () => number;
}

/**
 * Binding and unbinding Telegram change how the account can be logged in to, so they need a
 * recent proof of the account's password (ASVS 7.5.1): a session that started within the window
 * (the login or sign-up itself proved it), or the password sent again. A wrong password counts
 * toward the same lockout as login, so a stolen session cannot be used to guess it.
 */
export function createReauth(deps: ReauthDeps) {
  return async function assertRecentlyAuthenticated(
    session: { userId: string; sessionId: string },
    env: Environment,
    proof: ReauthProof,
    client: Pick<AttemptSource, 'ip' | 'guid'>,
  ): Promise<void> {
    const hasPassword = proof.encrypt_password !== undefined || proof.encrypt_timestamp !== undefined;
    if (!hasPassword) {
      const startedAt = await deps.sessionCreatedAt(session.sessionId);
      if (startedAt !== null && deps.now() - startedAt <= TELEGRAM_REAUTH_WINDOW_MS) return;
      throw new ApiError(RetCode.TelegramReauthRequired, undefined, 200, {
        reauth: 'password',
        window_seconds: TELEGRAM_REAUTH_WINDOW_MS / 1000,
      });
    }
    if (proof.encrypt_password === undefined || proof.encrypt_timestamp === undefined) {
      throw new ApiError(RetCode.ParamsInvalid, 'send encrypt_password with encrypt_timestamp');
    }
    const plain = await deps.passwords.transport.decryptPassword(
      { encrypt_password: proof.encrypt_password, encrypt_timestamp: proof.encrypt_timestamp },
      env,
      deps.now(),
    );
    const account = await deps.accounts.findById(session.userId);
    if (!account) throw new ApiError(RetCode.SessionExpired);
    const knownDevice = await deps.isKnownDevice(account.id, client.guid);
    await recheckPassword(
      { hasher: deps.passwords.hasher, attempts: deps.attempts },
      account,
      plain,
      { ...client, knownDevice },
      deps.now(),
    );
  };
}

export type AssertRecentlyAuthenticated = ReturnType<typeof createReauth>;
