import {
  LOGIN_CODE_TTL_MS,
  maskLoginName,
  RetCode,
  type BanInfo,
  type Environment,
  type LoginNeed2fa,
  type LoginNeedVerify,
  type RetCodeValue,
  type SiteId,
} from '@gatehouse/contract';
import type { Account, AccountsRepository } from '../accounts/accounts.repository.js';
import type { Delivery } from '../delivery/delivery-types.js';
import type { PasswordHasher } from '../password/password-hasher.js';
import {
  replayed,
  type EncryptedPasswordInput,
  type PasswordTransport,
  type ReplayClaim,
} from '../password/password-transport.js';
import type { RiskService } from '../risk/risk.service.js';
import { ApiError } from '../../lib/api-error.js';
import type { BanTokens } from '../../lib/ban-tokens.js';
import { refuseIfBanned } from '../bans/ban-refusal.js';
import { banInfoOf, type BanService } from '../bans/bans.service.js';
import type { KnownDevices } from '../devices/known-devices.repository.js';
import type { LoginChallenge, LoginChallenges } from './login-challenges.js';
import { loginNameOf, type IdentifierInput } from '../../lib/login-name.js';
import { LoginRefusal } from '../../lib/login-refusal.js';
import type { PasswordAttempts } from '../password/password-attempts.js';
import type { UnlockLinks } from './unlock-links.js';
import { sendNewDeviceNotice } from './new-device-notice.js';
import type { SessionMeta, SessionService } from '../session/session.service.js';
import type { SignInMethod, SignInResult } from '@gatehouse/contract';
import type { StoreWrites } from '../../plugins/store-writes.js';
import type { KvWriteOp } from '../../plugins/kv.js';

/** The account a login ends with, for the routes (which do not import repositories). */
export type { Account } from '../accounts/accounts.repository.js';

export interface LoginDeps {
  accounts: AccountsRepository;
  hasher: PasswordHasher;
  transport: PasswordTransport;
  risk: RiskService;
  devices: KnownDevices;
  delivery: Delivery;
  challenges: LoginChallenges;
  attempts: PasswordAttempts;
  unlockLinks: UnlockLinks;
  banTokens: BanTokens;
  bans: BanService;
  sessions: SessionService;
  /**
   * The authenticator step (modules/two-factor): asked before any session is written, so an account
   * with 2FA never holds a session on the password (and device code) alone.
   */
  secondFactor: { startLoginStep(userId: string, guid: string | null): Promise<LoginNeed2fa | null> };
  /** The final write of a login: device, session and counters as one unit (ADR 0021). */
  storeWrites: StoreWrites;
  /** Read on every call (not captured), so a test's fake clock applies. */
  now: () => number;
  log: { warn(obj: object, msg: string): void };
}

/** Who is asking, from where: the request as the service needs it. */
export interface LoginClient {
  site: SiteId;
  env: Environment;
  /** e.g. `http://eu.localhost:3000`, for links in messages. */
  origin: string;
  ip: string;
  /** `tx-id` header. */
  deviceId: string | null;
  /** `Guid` header. */
  guid: string | null;
  userAgent: string | null;
  /** `Lang` header, for the code message. */
  locale: string | null;
  /** The session this browser carried, if any: it ends when the login starts a new one. */
  sessionToken: string | null;
  /** ISO country from the trusted proxy (risk/client-country.ts), for sessions and sign-in history. */
  country: string | null;
}

/** A login that ended in a session: the account, and the new session's token for the cookie. */
export interface LoggedIn {
  account: Account;
  token: string;
}

/** After the device code: a session, or the authenticator step first. */
export type VerifiedOutcome =
  ({ kind: 'session' } & LoggedIn) | { kind: 'second-factor'; need2fa: LoginNeed2fa };

export type LoginOutcome = VerifiedOutcome | { kind: 'challenge'; needVerify: LoginNeedVerify };

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

/**
 * The login flow (docs/flows/login.md). Every refusal a guesser can see is the same for an
 * unknown account and a known one with a wrong password: code, shape, count, lock and timing
 * (the unknown path runs the dummy argon2 verification).
 */
export function createLoginService(deps: LoginDeps) {
  const { accounts, hasher, risk } = deps;

  const wrongPassword = (passErrCount: number) =>
    new LoginRefusal(
      RetCode.PasswordWrong,
      { pass_err_count: passErrCount, max_pass_err_count: deps.attempts.policy.threshold - 1 },
      { topLevel: { pass_err_count: passErrCount } },
    );
  const locked = (lockedUntil: number, now: number) =>
    new LoginRefusal(RetCode.TooManyPasswordErrors, {
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
    if (account.site === 'HKG') return RetCode.HkAccountOnOtherSite;
    if (site === 'HKG') return RetCode.OtherAccountOnHkSite;
    return null;
  };

  /** Status and site rules, checked only once the password (or login code) is proven. */
  const assertMayLogIn = async (account: Account, site: SiteId) => {
    await refuseIfBanned(deps.bans, deps.banTokens, account);
    if (account.status === 'terminated') throw new ApiError(RetCode.AccountTerminated);
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
    if (!to) throw new ApiError(RetCode.InternalError);
    const { id, code, challenge } = await deps.challenges.create(
      { userId: account.id, guid: client.guid, channel, to, locale: client.locale ?? account.lang },
      now,
    );
    await sendCode(challenge, code);
    return needVerifyOf(id, challenge, now);
  };

  /** A refusal after the password (or code) was proven: the attempt's counts end as successes first. */
  const settleIfRefused = async <T>(counted: KvWriteOp[], check: () => Promise<T>): Promise<T> => {
    try {
      return await check();
    } catch (err) {
      await deps.storeWrites.commit({ kv: counted });
      throw err;
    }
  };

  const rehashIfNeeded = async (account: Account, plain: string) => {
    if (account.passwordHash && hasher.needsRehash(account.passwordHash)) {
      await accounts.setPassword(account.id, await hasher.hash(plain));
    }
  };

  const metaOf = (client: LoginClient): SessionMeta => ({
    userAgent: client.userAgent,
    ip: client.ip,
    site: client.site,
    country: client.country,
  });

  /**
   * A failed attempt on a known account, for its sign-in history (docs/flows/sessions.md). Unknown
   * names have no history to write to. Written before the refusal is answered.
   */
  const noteFailure = (
    userId: string,
    result: Exclude<SignInResult, 'success'>,
    method: SignInMethod,
    client: LoginClient,
  ) => deps.sessions.recordFailure(userId, result, method, metaOf(client));

  /** assertMayLogIn, with a refusal noted in the account's history. */
  const mayLogIn = async (account: Account, client: LoginClient, method: SignInMethod) => {
    try {
      await assertMayLogIn(account, client.site);
    } catch (err) {
      await noteFailure(account.id, 'refused', method, client);
      throw err;
    }
  };

  /**
   * A device the account had not used gets a session: the account is told (when, what, from where).
   * Not awaited: the answer does not wait for the mail; a failed send is logged.
   */
  const noticeIfNew = (account: Account, wasKnown: boolean, client: LoginClient) => {
    if (!wasKnown) void sendNewDeviceNotice(deps, account, client, deps.now());
  };

  /**
   * The login's last write (ADR 0021), all in one unit: the device made known (or its last use
   * refreshed), the session this browser carried ended, the new session, and the attempt's counts.
   */
  const startSession = async (
    account: Account,
    guid: string | null,
    client: LoginClient,
    counted: KvWriteOp[],
    method: SignInMethod,
  ) => {
    const session = deps.sessions.issue(account.id, { ...metaOf(client), method });
    await deps.storeWrites.commit({
      rows: [
        deps.devices.rememberWrite(account.id, guid, client.userAgent),
        client.sessionToken ? deps.sessions.revokeWrite(client.sessionToken) : null,
        ...session.writes,
      ],
      kv: counted,
    });
    return session.token;
  };

  /**
   * Counted before any check runs (lib/attempt-limiter.ts): parallel guesses cannot overshoot. A
   * password's replay claim goes in the same round trip, and a replay is refused first, as it was
   * when the claim ran on its own before the gate (20008, nothing counted).
   */
  const addressGate = async (client: LoginClient, now: number, claim?: ReplayClaim) => {
    const gate = await risk.beginAttempt(client, now, claim ? [claim] : []);
    if (claim && gate.also[0] !== true) {
      if (gate.allowed) await gate.attempt.succeeded(); // nothing was checked
      throw replayed();
    }
    if (!gate.allowed)
      throw new LoginRefusal(RetCode.IpLimit, { retry_after_seconds: seconds(gate.retryAfterMs) });
    return gate.attempt;
  };

  return {
    async login(input: IdentifierInput & EncryptedPasswordInput, client: LoginClient): Promise<LoginOutcome> {
      // Decrypt first: a stale or replayed submission (20007/20008) is refused before any lookup;
      // the replay claim runs with the address gate's count (one round trip: ADR 0021).
      const { plain, claim } = deps.transport.open(input, client.env, deps.now());
      const name = loginNameOf(input);
      if (!name) throw new ApiError(RetCode.ParamsInvalid);
      const fromAddress = await addressGate(client, deps.now(), claim);
      const account = await accounts.findByLoginName(name.value);
      const now = deps.now();
      // Unknown names get the same bookkeeping and the same answers (password-attempts.ts).
      const knownDevice = account ? await deps.devices.isKnown(account.id, client.guid) : false;
      const gate = await deps.attempts.begin(
        account
          ? { kind: 'account', id: account.id, passwordHash: account.passwordHash }
          : { kind: 'name', name: name.value },
        { ip: client.ip, guid: client.guid, knownDevice },
        now,
      );
      if (!gate.allowed) {
        await fromAddress.succeeded(); // nothing was checked
        if (account) await noteFailure(account.id, 'locked', 'password', client);
        if (gate.scope === 'account' && account) await deps.unlockLinks.offer(account, client, now);
        throw locked(gate.lockedUntil, now);
      }

      const good = account?.passwordHash
        ? await hasher.verify(account.passwordHash, plain)
        : await hasher.verifyDummy(plain);
      if (!account || !good) {
        await fromAddress.failed();
        const refusal = failure(await gate.attempt.failed(), now);
        if (account) {
          const locks = refusal.code === RetCode.TooManyPasswordErrors;
          await noteFailure(account.id, locks ? 'locked' : 'wrong_password', 'password', client);
        }
        throw refusal;
      }

      // The password is right: both counts end as successes, written with the session below (one
      // unit: ADR 0021), or on their own on every other way out.
      const counted = [...gate.attempt.successWrites(), ...fromAddress.successWrites()];
      await settleIfRefused(counted, () => mayLogIn(account, client, 'password'));
      if (!knownDevice || fromAddress.stepUp) {
        await deps.storeWrites.commit({ kv: counted });
        await rehashIfNeeded(account, plain);
        return { kind: 'challenge', needVerify: await startChallenge(account, client, now) };
      }
      // users.has_google2fa mirrors the authenticator row in the same transactions (two-factor.repository.ts),
      // so an account without 2FA costs no extra round trip.
      const need2fa = account.hasGoogle2fa
        ? await deps.secondFactor.startLoginStep(account.id, client.guid)
        : null;
      if (need2fa) {
        await deps.storeWrites.commit({ kv: counted });
        await rehashIfNeeded(account, plain);
        return { kind: 'second-factor', need2fa };
      }
      const token = await startSession(account, client.guid, client, counted, 'password');
      await rehashIfNeeded(account, plain);
      return { kind: 'session', account, token };
    },

    /** The code step: a right code completes the login and makes the device known. */
    async verify(challengeId: string, code: string, client: LoginClient): Promise<VerifiedOutcome> {
      const now = deps.now();
      const pending = await deps.challenges.get(challengeId, now);
      // The code is bound to the device that started the login.
      if (!pending || pending.guid !== client.guid) throw new ApiError(RetCode.VerifyCodeExpired);
      const fromAddress = await addressGate(client, now);
      const check = await deps.challenges.check(challengeId, code, now);
      if (!check.ok) {
        if (check.reason === 'gone') {
          await fromAddress.succeeded(); // nothing was compared
          throw new ApiError(RetCode.VerifyCodeExpired);
        }
        await fromAddress.failed();
        await noteFailure(pending.userId, 'wrong_code', 'password_code', client);
        throw new ApiError(RetCode.VerifyCodeInvalid, undefined, 200, {
          remaining_attempts: check.remainingAttempts,
        });
      }
      const counted = fromAddress.successWrites();
      const account = await settleIfRefused(counted, async () => {
        const found = await accounts.findById(check.challenge.userId);
        if (!found) throw new ApiError(RetCode.VerifyCodeExpired);
        // Banned or moved since the password step: the same rules again.
        await mayLogIn(found, client, 'password_code');
        return found;
      });
      const need2fa = account.hasGoogle2fa
        ? await deps.secondFactor.startLoginStep(account.id, check.challenge.guid)
        : null;
      if (need2fa) {
        await deps.storeWrites.commit({ kv: counted });
        return { kind: 'second-factor', need2fa };
      }
      const wasKnown = await deps.devices.isKnown(account.id, check.challenge.guid);
      const token = await startSession(account, check.challenge.guid, client, counted, 'password_code');
      noticeIfNew(account, wasKnown, client);
      return { kind: 'session', account, token };
    },

    /**
     * After the authenticator step (modules/two-factor), or a passkey (two factors in one): banned or
     * moved since the proof, the same rules again.
     */
    async afterSecondFactor(
      userId: string,
      client: LoginClient,
      method: 'password_2fa' | 'passkey' = 'password_2fa',
    ): Promise<LoggedIn> {
      const account = await accounts.findById(userId);
      if (!account) throw new ApiError(RetCode.VerifyCodeExpired);
      await mayLogIn(account, client, method);
      // The 2FA challenge is bound to this device (completeLoginStep), which becomes known only now.
      const wasKnown = await deps.devices.isKnown(account.id, client.guid);
      const token = await startSession(account, client.guid, client, [], method);
      noticeIfNew(account, wasKnown, client);
      return { account, token };
    },

    /** A fresh code for a pending challenge, after the resend cooldown. */
    async resend(challengeId: string, client: LoginClient): Promise<LoginNeedVerify> {
      const now = deps.now();
      const pending = await deps.challenges.get(challengeId, now);
      if (!pending || pending.guid !== client.guid) throw new ApiError(RetCode.VerifyCodeExpired);
      if (pending.resendAt > now) {
        throw new ApiError(RetCode.TooFrequent, undefined, 200, {
          retry_after: seconds(pending.resendAt - now),
        });
      }
      const { code, challenge } = await deps.challenges.renew(challengeId, pending, now);
      await sendCode(challenge, code);
      return needVerifyOf(challengeId, challenge, now);
    },

    /** `ban/einfo`: the ban behind a `self_unbind_token`; "no ban" for anything else. */
    async banInfo(token: string | null): Promise<BanInfo> {
      const userId = await deps.banTokens.userIdOf(token);
      const account = userId ? await accounts.findById(userId) : undefined;
      return banInfoOf(account ? await deps.bans.active(account) : null);
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
