import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_RESEND_MS,
  RESET_CODE_TTL_MS,
  RESET_TOKEN_TTL_MS,
  RetCode,
  type Environment,
} from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import type { KvStore } from '../../plugins/kv.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';
import type { Delivery, DeliveryMessage } from '../delivery/delivery-types.js';
import type { PasswordServices } from '../password/password.plugin.js';
import type { SessionService } from '../session/session.service.js';
import type { KnownDevices } from '../devices/known-devices.repository.js';
import { createOneTimeCodes } from '../../lib/one-time-codes.js';
import { loginNameOf, type IdentifierInput, type LoginName } from '../../lib/login-name.js';
import type { EncryptedPasswordInput } from '../password/password-transport.js';

export interface PasswordResetDeps {
  accounts: AccountsRepository;
  passwords: PasswordServices;
  sessions: SessionService;
  devices: KnownDevices;
  delivery: Delivery;
  kv: KvStore;
  log: FastifyBaseLogger;
  now: () => number;
}

/** What a reset code stands for. `userId` null is a decoy for an unknown identifier (see sendCode). */
interface ResetCodePayload {
  userId: string | null;
}

/** At most this many codes per identifier a day, whatever the cooldown allows. */
const DAILY_SENDS = 10;
const DAY_MS = 24 * 60 * 60_000;

const sha = (value: string) => createHash('sha256').update(value).digest('base64url');
const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

/**
 * Forgot password (docs/flows/login.md): code to the account's e-mail or mobile → reset token →
 * new password. No answer tells whether an account exists: unknown identifiers get the same
 * cooldown, the same "sent" answer and a decoy code record, so verify answers them exactly like
 * a wrong code.
 */
export function createPasswordResetService(deps: PasswordResetDeps) {
  const { kv } = deps;
  const idOf = (name: LoginName) => sha(`${name.channel}:${name.value}`).slice(0, 27);
  // The shared one-time-code lifecycle: attempts counted before comparing, consumed once.
  const codes = createOneTimeCodes<ResetCodePayload>(kv, 'reset', {
    ttlMs: RESET_CODE_TTL_MS,
    maxAttempts: RESET_CODE_MAX_ATTEMPTS,
  });
  const tokenKey = (token: string) => `reset:token:${sha(token)}`;
  const nameOf = (input: IdentifierInput) => {
    const name = loginNameOf(input);
    if (!name) throw new ApiError(RetCode.ParamsInvalid);
    return name;
  };

  const sendQuietly = async (message: DeliveryMessage) => {
    try {
      await deps.delivery.send(message);
    } catch (err) {
      // A failed send must not turn into an answer that differs from "no such account".
      deps.log.error(
        { kind: message.kind, reason: err instanceof Error ? err.message : String(err) },
        'reset delivery failed',
      );
    }
  };

  return {
    async sendCode(input: IdentifierInput, locale: string | null) {
      const name = nameOf(input);
      const id = idOf(name);
      const now = deps.now();
      // The cooldown holds its end time, so the refusal can say how long to wait.
      const coolKey = `reset:cool:${id}`;
      // Set-if-absent: of parallel sends for one identifier exactly one passes the cooldown. The end
      // time is the value, so this clock decides; a cooldown past its end (the store's own expiry
      // may lag) is taken over by compare-and-delete, which again only one request wins.
      const cooldown = String(now + RESET_CODE_RESEND_MS);
      if (!(await kv.add(coolKey, cooldown, RESET_CODE_RESEND_MS))) {
        const held = await kv.get(coolKey);
        const until = Number(held ?? now);
        const takenOver =
          held !== null &&
          until <= now &&
          (await kv.takeIf(coolKey, held)) &&
          (await kv.add(coolKey, cooldown, RESET_CODE_RESEND_MS));
        if (!takenOver) {
          throw new ApiError(RetCode.TooFrequent, undefined, 200, { retry_after: seconds(until - now) });
        }
      }
      if ((await kv.incr(`reset:day:${id}`, DAY_MS)) > DAILY_SENDS) {
        throw new ApiError(RetCode.TooFrequent, undefined, 200, { retry_after: seconds(DAY_MS) });
      }

      const account = await deps.accounts.findByLoginName(name.value);
      const usable = account && account.status !== 'terminated' ? account : null;
      const { code } = await codes.issue(id, { userId: usable?.id ?? null }, now);
      if (usable) {
        // Not awaited: the answer must take the same time whether or not an account exists, and
        // only an existing one gets a message (sendQuietly logs a failed delivery).
        void sendQuietly({
          channel: name.channel === 'email' ? 'email' : 'sms',
          to: name.value,
          kind: 'reset-code',
          locale: locale ?? usable.lang,
          vars: { code, minutes: String(RESET_CODE_TTL_MS / 60_000) },
        });
      }
      return {
        accepted: true as const,
        channel: name.channel,
        expires_in: seconds(RESET_CODE_TTL_MS),
        resend_in: seconds(RESET_CODE_RESEND_MS),
      };
    },

    async verifyCode(input: IdentifierInput, code: string) {
      const id = idOf(nameOf(input));
      const verdict = await codes.verify(id, code, deps.now());
      if (!verdict.ok && verdict.reason === 'wrong') {
        throw new ApiError(RetCode.VerifyCodeInvalid, undefined, 200, {
          remaining_attempts: verdict.remainingAttempts,
        });
      }
      // A decoy's code was never sent; matching it by chance proves nothing.
      if (!verdict.ok || verdict.payload.userId === null) throw new ApiError(RetCode.VerifyCodeExpired);
      const { userId } = verdict.payload;
      const token = randomBytes(32).toString('base64url');
      await kv.set(tokenKey(token), userId, RESET_TOKEN_TTL_MS);
      return { reset_token: token, expires_in: seconds(RESET_TOKEN_TTL_MS) };
    },

    async resetPassword(
      input: { reset_token: string } & EncryptedPasswordInput,
      env: Environment,
      device: { guid: string | null; userAgent: string | null; locale: string | null },
    ) {
      const expired = () => new ApiError(RetCode.PasswordResetExpired);
      if (!(await kv.get(tokenKey(input.reset_token)))) throw expired();
      const plain = await deps.passwords.transport.decryptPassword(input, env, deps.now());
      const policy = await deps.passwords.check(plain);
      // The token survives a refused password, so the user can pick another one.
      if (!policy.ok) throw new ApiError(RetCode.PasswordTooWeak, undefined, 200, { reason: policy.reason });
      const userId = await kv.take(tokenKey(input.reset_token));
      const account = userId ? await deps.accounts.findById(userId) : undefined;
      if (!account) throw expired();

      // setPassword also clears the failure count and the lockout.
      await deps.accounts.setPassword(account.id, await deps.passwords.hasher.hash(plain));
      await deps.sessions.revokeAllForUser(account.id);
      // Whoever knew the old password may hold a "known" device: every device proves itself
      // again, except this one, which just proved the e-mail or mobile with the code.
      await deps.devices.forgetAll(account.id);
      await deps.devices.remember(account.id, device.guid, device.userAgent);
      const to = account.email ?? account.mobile;
      if (to) {
        await sendQuietly({
          channel: account.email ? 'email' : 'sms',
          to,
          kind: 'password-changed',
          locale: device.locale ?? account.lang,
          vars: {},
        });
      }
      return { password_changed: true as const };
    },
  };
}
