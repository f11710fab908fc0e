import {
  LOGIN_CODE_TTL_MS,
  maskLoginName,
  RetCode,
  type Environment,
  type LoginNeedVerify,
  type RetCodeValue,
  type SiteId,
} from '@gatehouse/contract';
import type { Account, AccountsRepository, LockoutPolicy } from '../accounts/accounts.repository.js';
import type { Delivery } from '../delivery/delivery-types.js';
import type { PasswordHasher } from '../password/password-hasher.js';
import type { EncryptedPasswordInput, PasswordTransport } from '../password/password-transport.js';
import type { RiskService } from '../risk/risk.service.js';
import { ApiError } from '../../lib/api-error.js';
import type { BanTokens } from './ban-tokens.js';
import type { KnownDevices } from './known-devices.repository.js';
import type { LoginChallenge, LoginChallenges } from './login-challenges.js';
import { loginNameOf, type IdentifierInput } from './login-name.js';
import { LoginRefusal } from './login-refusal.js';
import type { UnknownNameFailures } from './unknown-name-failures.js';

export interface LoginDeps {
  accounts: AccountsRepository;
  hasher: PasswordHasher;
  transport: PasswordTransport;
  risk: RiskService;
  devices: KnownDevices;
  delivery: Delivery;
  challenges: LoginChallenges;
  unknownNames: UnknownNameFailures;
  banTokens: BanTokens;
  lockout: Readonly<LockoutPolicy>;
  /** Read on every call (not captured), so a test's fake clock applies. */
  now: () => number;
}

/** Who is asking, from where: the request as the service needs it. */
export interface LoginClient {
  site: SiteId;
  env: Environment;
  ip: string;
  /** `tx-id` header. */
  deviceId: string | null;
  /** `Guid` header. */
  guid: string | null;
  userAgent: string | null;
  /** `Lang` header, for the code message. */
  locale: string | null;
}

export type LoginOutcome =
  { kind: 'session'; account: Account } | { kind: 'challenge'; needVerify: LoginNeedVerify };

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

/**
 * The login flow (docs/flows/login.md). Every refusal a guesser can see is the same for an
 * unknown account and a known one with a wrong password: code, shape, count, lock and timing
 * (the unknown path runs the dummy argon2 verification).
 */
export function createLoginService(deps: LoginDeps) {
  const { accounts, hasher, risk, lockout } = deps;

  const wrongPassword = (passErrCount: number) =>
    new LoginRefusal(
      RetCode.PASSWORD_WRONG,
      { pass_err_count: passErrCount, max_pass_err_count: lockout.threshold - 1 },
      { topLevel: { pass_err_count: passErrCount } },
    );
  const locked = (lockedUntil: number, now: number) =>
    new LoginRefusal(RetCode.TOO_MANY_PASSWORD_ERRORS, {
      locked_until: lockedUntil,
      retry_after_seconds: seconds(lockedUntil - now),
    });
  const failure = (f: { passErrCount: number; lockedUntil: number | null }, now: number) =>
    f.lockedUntil !== null && f.lockedUntil > now
      ? locked(f.lockedUntil, now)
      : wrongPassword(f.passErrCount);

  /**
   * Hong Kong accounts log in only on the Hong Kong site and the other way round (spec §8 modal).
   * Any other site may host any account: the web's site jump (spec §4) moves the user by KYC country.
   */
  const siteRefusal = (account: Account, site: SiteId): RetCodeValue | null => {
    if (account.site === site) return null;
    if (account.site === 'HKG') return RetCode.HK_ACCOUNT_ON_OTHER_SITE;
    if (site === 'HKG') return RetCode.OTHER_ACCOUNT_ON_HK_SITE;
    return null;
  };

  /** Status and site rules, checked only once the password (or login code) is proven. */
  const assertMayLogIn = async (account: Account, site: SiteId) => {
    if (account.status === 'banned') {
      throw new LoginRefusal(
        RetCode.ACCOUNT_BANNED,
        { is_self_help_baned: true, baned_time: account.bannedAt },
        { banToken: await deps.banTokens.issue(account.id) },
      );
    }
    if (account.status === 'terminated') throw new ApiError(RetCode.ACCOUNT_TERMINATED);
    const mismatch = siteRefusal(account, site);
    if (mismatch !== null) throw new ApiError(mismatch);
  };

  const sendCode = async (challenge: Pick<LoginChallenge, 'channel' | 'to' | 'locale'>, code: string) => {
    await deps.delivery.send({
      channel: challenge.channel === 'email' ? 'email' : 'sms',
      to: challenge.to,
      kind: 'login-code',
      locale: challenge.locale,
      vars: { code, minutes: String(LOGIN_CODE_TTL_MS / 60_000) },
    });
  };

  const needVerifyOf = (id: string, c: LoginChallenge, now: number): LoginNeedVerify => ({
    challenge_id: id,
    channel: c.channel,
    masked_target: maskLoginName(c.to),
    expires_in: seconds(c.expiresAt - now),
    resend_in: seconds(c.resendAt - now),
  });

  /** New device, or recent failures from this address or device: prove the account first. */
  const startChallenge = async (account: Account, client: LoginClient, now: number) => {
    const channel = account.email ? 'email' : 'mobile';
    const to = account.email ?? account.mobile;
    if (!to) throw new ApiError(RetCode.INTERNAL_ERROR);
    const { id, code, challenge } = await deps.challenges.create(
      { userId: account.id, guid: client.guid, channel, to, locale: client.locale ?? account.lang },
      now,
    );
    await sendCode(challenge, code);
    return needVerifyOf(id, challenge, now);
  };

  const ipGate = async (ip: string, now: number) => {
    const blockedMs = await risk.ipBlockedForMs(ip, now);
    if (blockedMs > 0) throw new LoginRefusal(RetCode.IP_LIMIT, { retry_after_seconds: seconds(blockedMs) });
  };

  return {
    async login(input: IdentifierInput & EncryptedPasswordInput, client: LoginClient): Promise<LoginOutcome> {
      await ipGate(client.ip, deps.now());
      // Decrypt first: a stale or replayed submission (20007/20008) is refused before any lookup.
      const plain = await deps.transport.decryptPassword(input, client.env, deps.now());
      const name = loginNameOf(input);
      if (!name) throw new ApiError(RetCode.PARAMS_INVALID);
      const account = await accounts.findByLoginName(name.value);
      const now = deps.now();

      if (!account) {
        const lockedUntil = await deps.unknownNames.lockedUntil(name.value, now);
        if (lockedUntil !== null) throw locked(lockedUntil, now);
        await hasher.verifyDummy(plain);
        await risk.recordLoginFailure(client, now);
        throw failure(await deps.unknownNames.record(name.value, now), now);
      }

      if (account.lockedUntil !== null && account.lockedUntil > now) throw locked(account.lockedUntil, now);
      const good = account.passwordHash
        ? await hasher.verify(account.passwordHash, plain)
        : await hasher.verifyDummy(plain);
      if (!good) {
        await risk.recordLoginFailure(client, now);
        throw failure(await accounts.recordPasswordFailure(account.id, now), now);
      }

      await assertMayLogIn(account, client.site);
      if (account.passErrCount > 0 || account.lockedUntil !== null)
        await accounts.resetPasswordFailures(account.id);
      if (account.passwordHash && hasher.needsRehash(account.passwordHash)) {
        await accounts.setPassword(account.id, await hasher.hash(plain));
      }

      const stepUp =
        !(await deps.devices.isKnown(account.id, client.guid)) || (await risk.needsStepUp(client));
      if (stepUp) return { kind: 'challenge', needVerify: await startChallenge(account, client, now) };
      await deps.devices.remember(account.id, client.guid, client.userAgent);
      return { kind: 'session', account };
    },

    /** The code step: a right code completes the login and makes the device known. */
    async verify(challengeId: string, code: string, client: LoginClient): Promise<Account> {
      const now = deps.now();
      await ipGate(client.ip, now);
      const pending = await deps.challenges.get(challengeId, now);
      // The code is bound to the device that started the login.
      if (!pending || pending.guid !== client.guid) throw new ApiError(RetCode.VERIFY_CODE_EXPIRED);
      const check = await deps.challenges.check(challengeId, code, now);
      if (!check.ok) {
        if (check.reason === 'gone') throw new ApiError(RetCode.VERIFY_CODE_EXPIRED);
        await risk.recordLoginFailure(client, now);
        throw new ApiError(RetCode.VERIFY_CODE_INVALID, undefined, 200, {
          remaining_attempts: check.remainingAttempts,
        });
      }
      const account = await accounts.findById(check.challenge.userId);
      if (!account) throw new ApiError(RetCode.VERIFY_CODE_EXPIRED);
      // Banned or moved since the password step: the same rules again.
      await assertMayLogIn(account, client.site);
      await deps.devices.remember(account.id, check.challenge.guid, client.userAgent);
      return account;
    },

    /** A fresh code for a pending challenge, after the resend cooldown. */
    async resend(challengeId: string, client: LoginClient): Promise<LoginNeedVerify> {
      const now = deps.now();
      const pending = await deps.challenges.get(challengeId, now);
      if (!pending || pending.guid !== client.guid) throw new ApiError(RetCode.VERIFY_CODE_EXPIRED);
      if (pending.resendAt > now) {
        throw new ApiError(RetCode.TOO_FREQUENT, undefined, 200, {
          retry_after: seconds(pending.resendAt - now),
        });
      }
      const { code, challenge } = await deps.challenges.renew(challengeId, pending, now);
      await sendCode(challenge, code);
      return needVerifyOf(challengeId, challenge, now);
    },

    /** `ban/einfo`: the ban behind a `self_unbind_token`; "no ban" for anything else. */
    async banInfo(token: string | null): Promise<{ is_self_help_baned: boolean; baned_time: number | null }> {
      const userId = await deps.banTokens.userIdOf(token);
      const account = userId ? await accounts.findById(userId) : undefined;
      if (!account || account.status !== 'banned') return { is_self_help_baned: false, baned_time: null };
      return { is_self_help_baned: true, baned_time: account.bannedAt };
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
