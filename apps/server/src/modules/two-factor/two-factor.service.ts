import { randomBytes } from 'node:crypto';
import {
  maskEmail,
  RetCode,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TWO_FACTOR_LOCK_MS,
  TWO_FACTOR_LOGIN_TTL_MS,
  TWO_FACTOR_MAX_FAILURES,
  TWO_FACTOR_SETUP_TTL_MS,
  TWO_FACTOR_UNBIND_CODE_TTL_MS,
  TWO_FACTOR_UNBIND_RESEND_MS,
  type EncryptedPassword,
  type Environment,
  type LoginNeed2fa,
  type TwoFactorEnabled,
  type TwoFactorSetup,
  type TwoFactorStatus,
  type TwoFactorUnbindSent,
} from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import { createAttemptLimiter } from '../../lib/attempt-limiter.js';
import { createOneTimeCodes } from '../../lib/one-time-codes.js';
import type { KvStore } from '../../plugins/kv.js';
import type { Account, AccountsRepository } from '../accounts/accounts.repository.js';
import type { Delivery, DeliveryKind } from '../delivery/delivery-types.js';
import { hashBackupCode, newBackupCodes } from './backup-codes.js';
import type { ProvePassword } from './password-proof.js';
import { open, seal } from './secret-box.js';
import type { TwoFactorKeys } from './two-factor-key.js';
import type { TotpRecord, TwoFactorRepository } from './two-factor.repository.js';
import { matchingStep, newTotpSecret, otpauthUri } from './totp.js';

export interface TwoFactorDeps {
  repo: TwoFactorRepository;
  accounts: Pick<AccountsRepository, 'findById'>;
  kv: KvStore;
  delivery: Delivery;
  keys: TwoFactorKeys;
  provePassword: ProvePassword;
  /** The authenticator app's issuer (the brand name). */
  issuer: string;
  /** How long after the e-mailed request a lost authenticator is removed. */
  unbindDelayMs: number;
  log: { warn(obj: object, msg: string): void };
  /** Read on every call, so a test's fake clock applies. */
  now: () => number;
}

/** Either the authenticator's current code or one backup code. */
export interface SecondFactor {
  code?: string | undefined;
  backup_code?: string | undefined;
}

/** A started set-up: the new secret, sealed, until confirmed. */
interface PendingSetup {
  sealed: string;
  /** Epoch ms. */
  expiresAt: number;
}

interface LoginStep {
  userId: string;
  /** The device guid the password step came from; the 2FA step must come from the same one. */
  guid: string | null;
  expiresAt: number;
}

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));
const validChallengeId = (id: string) => /^[A-Za-z0-9_-]{16,64}$/.test(id);

/**
 * Authenticator (TOTP) two-factor authentication (docs/flows/two-factor.md). Every guard is a single
 * atomic step of the shared store: wrong codes are counted before any comparison (attempt limiter,
 * per account), a time step is accepted once (compare-and-set on `last_step`), a backup code once
 * (conditional update), the login step's challenge once (compare-and-delete).
 */
export function createTwoFactorService(deps: TwoFactorDeps) {
  const { repo, kv, keys } = deps;
  const policy = {
    limit: TWO_FACTOR_MAX_FAILURES,
    windowMs: TWO_FACTOR_LOCK_MS,
    lockMs: TWO_FACTOR_LOCK_MS,
    onSuccess: 'reset',
  } as const;
  // Login and turning 2FA off share one count per account: whoever holds a password or a session
  // gets five guesses per quarter hour, however they split them.
  const guesses = createAttemptLimiter(kv, '2fa', policy);
  // Confirming a new secret counts apart: fumbling the set-up must not lock the login.
  const setupGuesses = createAttemptLimiter(kv, '2fa-setup', policy);
  const unbindCodes = createOneTimeCodes<{ email: string }>(kv, '2fa-unbind', {
    ttlMs: TWO_FACTOR_UNBIND_CODE_TTL_MS,
    maxAttempts: 5,
  });
  const setupKey = (userId: string) => `2fa:setup:${userId}`;
  const loginKey = (id: string) => `2fa:login:${id}`;

  /** Where notices go: the e-mail, else the mobile by SMS. */
  const contactOf = (account: Account) =>
    account.email
      ? { channel: 'email' as const, to: account.email }
      : account.mobile
        ? { channel: 'sms' as const, to: account.mobile }
        : null;

  /** A notice after the change is made: a failed send is logged, never undoes the change. */
  const notify = async (
    account: Account,
    kind: DeliveryKind,
    locale: string | null,
    vars: Record<string, string> = {},
  ) => {
    const contact = contactOf(account);
    if (!contact) return;
    try {
      await deps.delivery.send({ ...contact, kind, locale: locale ?? account.lang, vars });
    } catch (err) {
      deps.log.warn({ err, kind, userId: account.id }, '2FA notice not sent');
    }
  };

  const accountOf = async (userId: string) => {
    const account = await deps.accounts.findById(userId);
    if (!account) throw new ApiError(RetCode.SessionExpired);
    return account;
  };

  /**
   * The bound authenticator, after finishing an e-mailed removal whose waiting period is over: done
   * here, on the next read (login, status, user info), rather than by a background job.
   */
  const settled = async (userId: string, locale: string | null = null): Promise<TotpRecord | undefined> => {
    const record = await repo.find(userId);
    if (!record || record.unbindEffectiveAt === null || record.unbindEffectiveAt > deps.now()) return record;
    // Conditional: of two readers finishing it at once, one removes it and mails about it.
    if (await repo.disable(userId, deps.now(), { dueOnly: true })) {
      const account = await deps.accounts.findById(userId);
      if (account) await notify(account, 'two-factor-disabled', locale);
    }
    return undefined;
  };

  /**
   * Start a cooldown of `ms` unless one is running: 0 when this call started it (set-if-absent, so of
   * parallel callers one gets 0), else the time left. The end is the value, on our clock; one that
   * has passed is removed compare-and-delete and claimed again.
   */
  const cooldown = async (key: string, now: number, ms: number): Promise<number> => {
    for (let tries = 0; tries < 2; tries++) {
      if (await kv.add(key, String(now + ms), ms)) return 0;
      const until = await kv.get(key);
      if (until === null) continue;
      if (Number(until) > now) return Number(until) - now;
      await kv.takeIf(key, until);
    }
    return ms;
  };

  const lockedError = (until: number, now: number) =>
    new ApiError(RetCode.TwoFactorLocked, undefined, 200, { retry_after_seconds: seconds(until - now) });

  /**
   * Check a second factor against the bound authenticator. Counted first; then either the code's time
   * step is claimed (newer than the last one accepted) or the backup code is spent. Throws on failure.
   */
  const checkSecondFactor = async (record: TotpRecord, factor: SecondFactor) => {
    const now = deps.now();
    const gate = await guesses.begin(record.userId, now);
    if (!gate.allowed) throw lockedError(gate.lockedUntil, now);
    let reused = false;
    let good = false;
    if (factor.code !== undefined) {
      const secret = open(keys.secretKey, record.secretEnc, record.userId);
      const step = secret === null ? null : matchingStep(secret, factor.code, now);
      if (step !== null) {
        good = await repo.claimStep(record.userId, step);
        reused = !good;
      }
    } else if (factor.backup_code !== undefined) {
      good = await repo.redeemBackupCode(
        record.userId,
        hashBackupCode(keys.backupKey, factor.backup_code),
        now,
      );
    }
    if (good) {
      await gate.attempt.succeeded();
      return;
    }
    // A replayed code counts as a failure too: whoever sends it saw a code, not the device.
    const failure = await gate.attempt.failed();
    if (failure.lockedUntil !== null) throw lockedError(failure.lockedUntil, now);
    if (reused) throw new ApiError(RetCode.TwoFactorCodeReused);
    throw new ApiError(RetCode.VerifyCodeInvalid, undefined, 200, {
      remaining_attempts: Math.max(0, policy.limit - failure.number),
    });
  };

  return {
    /** User info's `has_google2fa` after finishing a removal that is due. */
    async refreshed(account: Account): Promise<Account> {
      if (!account.hasGoogle2fa) return account;
      const record = await settled(account.id);
      return record ? account : { ...account, hasGoogle2fa: false };
    },

    /** Whether the account has an authenticator (after finishing a removal that is due). */
    async isOn(userId: string): Promise<boolean> {
      return (await settled(userId)) !== undefined;
    },

    async status(userId: string): Promise<TwoFactorStatus> {
      const record = await settled(userId);
      if (!record)
        return { enabled: false, enabled_at: null, backup_codes_left: 0, unbind_effective_at: null };
      return {
        enabled: true,
        enabled_at: record.enabledAt,
        backup_codes_left: await repo.backupCodesLeft(userId),
        unbind_effective_at: record.unbindEffectiveAt,
      };
    },

    /** Set-up, step 1: the password again, then a new secret kept aside until a code confirms it. */
    async setup(
      userId: string,
      env: Environment,
      proof: EncryptedPassword,
      client: { ip: string; guid: string | null },
    ): Promise<TwoFactorSetup> {
      const account = await accountOf(userId);
      if (await settled(userId)) throw new ApiError(RetCode.TwoFactorAlreadyEnabled);
      await deps.provePassword(account, env, proof, client);
      const secret = newTotpSecret();
      // Valid until `expiresAt` on our clock; the store's TTL only cleans up.
      const pending: PendingSetup = {
        sealed: seal(keys.secretKey, secret, userId),
        expiresAt: deps.now() + TWO_FACTOR_SETUP_TTL_MS,
      };
      await kv.set(setupKey(userId), JSON.stringify(pending), TWO_FACTOR_SETUP_TTL_MS);
      const label = account.email ?? account.mobile ?? account.id;
      return {
        secret,
        otpauth_uri: otpauthUri(secret, label, deps.issuer),
        period: TOTP_PERIOD_SECONDS,
        digits: TOTP_DIGITS,
        expires_in: seconds(TWO_FACTOR_SETUP_TTL_MS),
      };
    },

    /** Set-up, step 2: a current code of the new secret turns 2FA on; the backup codes are shown once. */
    async enable(userId: string, code: string, locale: string | null): Promise<TwoFactorEnabled> {
      const account = await accountOf(userId);
      if (await settled(userId)) throw new ApiError(RetCode.TwoFactorAlreadyEnabled);
      const raw = await kv.get(setupKey(userId));
      const pending = raw === null ? null : (JSON.parse(raw) as PendingSetup);
      const now = deps.now();
      const secret = pending && pending.expiresAt > now ? open(keys.secretKey, pending.sealed, userId) : null;
      if (!pending || secret === null) throw new ApiError(RetCode.TwoFactorSetupExpired);
      const { sealed } = pending;
      const gate = await setupGuesses.begin(userId, now);
      if (!gate.allowed) throw lockedError(gate.lockedUntil, now);
      const step = matchingStep(secret, code, now);
      if (step === null) {
        const failure = await gate.attempt.failed();
        if (failure.lockedUntil !== null) throw lockedError(failure.lockedUntil, now);
        throw new ApiError(RetCode.VerifyCodeInvalid, undefined, 200, {
          remaining_attempts: Math.max(0, policy.limit - failure.number),
        });
      }
      await gate.attempt.succeeded();
      const backupCodes = newBackupCodes();
      const hashes = backupCodes.map((c) => hashBackupCode(keys.backupKey, c));
      if (!(await repo.enable(userId, sealed, hashes, step, now))) {
        throw new ApiError(RetCode.TwoFactorAlreadyEnabled);
      }
      await kv.del(setupKey(userId));
      await notify(account, 'two-factor-enabled', locale);
      return { enabled: true, backup_codes: backupCodes };
    },

    /** Off at once, with a current code or a backup code (counted like the login step). */
    async disable(userId: string, factor: SecondFactor, locale: string | null): Promise<void> {
      const account = await accountOf(userId);
      const record = await settled(userId);
      if (!record) throw new ApiError(RetCode.TwoFactorNotEnabled);
      await checkSecondFactor(record, factor);
      if (await repo.disable(userId, deps.now())) await notify(account, 'two-factor-disabled', locale);
    },

    /**
     * After the password (and any new-device code): the 2FA step, when the account has an
     * authenticator; null when it has none and the session may start. Only the login routes call
     * this, after those steps passed: the challenge is the proof that they did.
     */
    async startLoginStep(userId: string, guid: string | null): Promise<LoginNeed2fa | null> {
      if (!(await settled(userId))) return null;
      const id = randomBytes(24).toString('base64url');
      const step: LoginStep = { userId, guid, expiresAt: deps.now() + TWO_FACTOR_LOGIN_TTL_MS };
      await kv.set(loginKey(id), JSON.stringify(step), TWO_FACTOR_LOGIN_TTL_MS);
      return {
        challenge_id: id,
        expires_in: seconds(TWO_FACTOR_LOGIN_TTL_MS),
        methods: ['totp', 'backup_code'],
      };
    },

    /**
     * The 2FA step: a right code (or backup code) from the device that passed the password consumes
     * the challenge and answers the account id; the caller then starts the session.
     */
    async completeLoginStep(challengeId: string, factor: SecondFactor, guid: string | null): Promise<string> {
      const raw = validChallengeId(challengeId) ? await kv.get(loginKey(challengeId)) : null;
      const step = raw === null ? null : (JSON.parse(raw) as LoginStep);
      if (raw === null || !step || step.expiresAt <= deps.now() || step.guid !== guid) {
        throw new ApiError(RetCode.VerifyCodeExpired);
      }
      // Turned off since the password step (or removed by e-mail): log in again, without the step.
      const record = await settled(step.userId);
      if (!record) throw new ApiError(RetCode.VerifyCodeExpired);
      await checkSecondFactor(record, factor);
      // Once: of two right answers racing on one challenge, one logs in.
      if (!(await kv.takeIf(loginKey(challengeId), raw))) throw new ApiError(RetCode.VerifyCodeExpired);
      return step.userId;
    },

    /** Lost device, step 1: a code to the account's e-mail (spec §7/§8 send-code-to-email; 20035 otherwise). */
    async sendUnbindCode(userId: string, locale: string | null): Promise<TwoFactorUnbindSent> {
      const account = await accountOf(userId);
      const record = await settled(userId);
      if (!record || !account.email) throw new ApiError(RetCode.Unbind2faSendCode);
      if (record.unbindEffectiveAt !== null) {
        throw new ApiError(RetCode.TwoFactorUnbindPending, undefined, 200, {
          unbind_effective_at: record.unbindEffectiveAt,
        });
      }
      // One send per minute, decided by a set-if-absent key (parallel requests send once).
      const now = deps.now();
      const wait = await cooldown(`2fa:unbind-send:${userId}`, now, TWO_FACTOR_UNBIND_RESEND_MS);
      if (wait > 0) throw new ApiError(RetCode.TooFrequent, undefined, 200, { retry_after: seconds(wait) });
      const { code, record: issued } = await unbindCodes.issue(userId, { email: account.email }, now);
      await deps.delivery.send({
        channel: 'email',
        to: account.email,
        kind: 'two-factor-unbind-code',
        locale: locale ?? account.lang,
        vars: { code, minutes: String(TWO_FACTOR_UNBIND_CODE_TTL_MS / 60_000) },
      });
      return {
        channel: 'email',
        masked_target: maskEmail(account.email),
        expires_in: seconds(issued.expiresAt - now),
        resend_in: seconds(TWO_FACTOR_UNBIND_RESEND_MS),
      };
    },

    /** Lost device, step 2: the e-mailed code schedules the removal after the waiting period, and says so by mail. */
    async confirmUnbind(
      userId: string,
      code: string,
      locale: string | null,
    ): Promise<{ unbind_effective_at: number }> {
      const account = await accountOf(userId);
      const record = await settled(userId);
      if (!record) throw new ApiError(RetCode.TwoFactorNotEnabled);
      const pending = () =>
        new ApiError(RetCode.TwoFactorUnbindPending, undefined, 200, {
          unbind_effective_at: record.unbindEffectiveAt,
        });
      if (record.unbindEffectiveAt !== null) throw pending();
      const now = deps.now();
      const verdict = await unbindCodes.verify(userId, code, now);
      if (!verdict.ok) {
        if (verdict.reason === 'gone') throw new ApiError(RetCode.VerifyCodeExpired);
        throw new ApiError(RetCode.VerifyCodeInvalid, undefined, 200, {
          remaining_attempts: verdict.remainingAttempts,
        });
      }
      const effectiveAt = now + deps.unbindDelayMs;
      if (!(await repo.scheduleUnbind(userId, now, effectiveAt))) throw pending();
      await notify(account, 'two-factor-unbind-scheduled', locale, {
        hours: String(Math.round(deps.unbindDelayMs / 3_600_000)),
        when: `${new Date(effectiveAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      });
      return { unbind_effective_at: effectiveAt };
    },

    /** The owner stops a removal (the mail said how): the authenticator stays. */
    async cancelUnbind(userId: string): Promise<boolean> {
      return repo.cancelUnbind(userId);
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
