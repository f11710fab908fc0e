import { randomUUID } from 'node:crypto';
import {
  RetCode,
  isBlockedCountry,
  maskLoginName,
  type CodeSentResult,
  type EncryptedPassword,
  type Environment,
  type RecallStage,
  type RegisterRecallResult,
  type SignupChannel,
  type SiteId,
  type VerifyType,
} from '@gatehouse/contract';
import type { Db } from '../../db/connect.js';
import { ApiError } from '../../lib/api-error.js';
import { clientAddressKey } from '../../lib/client-address.js';
import type { KvStore } from '../../plugins/kv.js';
import type { Account, AccountsRepository } from '../accounts/accounts.repository.js';
import type { Delivery } from '../delivery/delivery-types.js';
import type { PasswordServices } from '../password/password.plugin.js';
import type { SessionService } from '../session/session.service.js';
import { checkResidence, signupIdentifier, type Identifier, type IdentifierInput } from './identifier.js';
import { buildChannelRow, channelRecord, type ChannelRecord } from './signup-channel.js';
import type {
  RegistrationRepository,
  RegistrationRow,
  RegistrationStage,
} from './registration.repository.js';
import {
  hashBinding,
  hashLinkToken,
  hashVerifyCode,
  newLinkToken,
  newVerifyCode,
  sameDigest,
  throttleKey,
} from './registration-secrets.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface RegistrationLimits {
  /** A code (or link) is valid this long after it was sent. */
  codeTtlMs: number;
  /** A flow lives this long after its last step (then `register/info` again). */
  flowTtlMs: number;
  /** A finished flow is kept this long, so recall can answer commit_login. */
  doneTtlMs: number;
  /** Wrong codes allowed; the next wrong one burns the code. */
  maxAttempts: number;
  /** Between two sends to one identifier. */
  cooldownMs: number;
  /** Sends per identifier per clock hour (mail and SMS cost money and annoy the owner). */
  maxSendsPerIdentifierPerHour: number;
  /** Sends per client address per clock hour. */
  maxSendsPerIpPerHour: number;
}

export const DEFAULT_LIMITS: RegistrationLimits = {
  codeTtlMs: 10 * MINUTE,
  flowTtlMs: 30 * MINUTE,
  doneTtlMs: 24 * HOUR,
  maxAttempts: 5,
  cooldownMs: MINUTE,
  maxSendsPerIdentifierPerHour: 10,
  maxSendsPerIpPerHour: 30,
};

/** Where the request came in: site and environment from the host, the page locale. */
export interface SiteContext {
  site: SiteId;
  env: Environment;
  /** e.g. `http://eu.localhost:3000`; links in messages point here. */
  origin: string;
  locale: string;
}

export interface ClientMeta {
  ip: string;
  userAgent: string | null;
  platform: string;
  version: string;
  /** The client's country from a trusted proxy header, when there is one. */
  ipCountry: string | null;
}

export interface StartInput {
  identifier: IdentifierInput;
  residenceCountry: string | null;
  residenceSubdivision: string | null;
  verifyType: VerifyType;
  channel: SignupChannel;
}

export interface CommitInput {
  identifier: IdentifierInput;
  code: string;
  password: EncryptedPassword;
  residenceCountry: string | null;
  residenceSubdivision: string | null;
  channel: SignupChannel;
}

export interface Registered {
  account: Account;
  /** The new session token (set as the cookie; in the body only for header transport). */
  token: string;
}

/**
 * The browser binding a call presents (registration-binding.ts): the secret itself, or null when
 * the request carries none. A flow is tied to the binding it started with; every step that reads
 * or moves it needs the same one, except the e-mail link's own verification (ADR 0012).
 */
export type Binding = string | null;

export interface RegistrationService {
  /** `register/info`: open a flow tied to `binding` and send the code or link. */
  start(ctx: SiteContext, meta: ClientMeta, input: StartInput, binding: string): Promise<CodeSentResult>;
  /** `send/verify/item`: a fresh code or link for the flow (cooldown). */
  resend(ctx: SiteContext, meta: ClientMeta, uuid: string, binding: Binding): Promise<CodeSentResult>;
  /** `register/verify`: a code needs the binding; the link's token works in any browser. */
  verify(
    ctx: SiteContext,
    uuid: string,
    proof: { code?: string; token?: string },
    binding: Binding,
  ): Promise<void>;
  /** `register/verify/result`: 1 once verified. */
  verifyResult(ctx: SiteContext, uuid: string, binding: Binding): Promise<0 | 1>;
  /** `register/recall/info`. */
  recall(ctx: SiteContext, uuid: string, binding: Binding): Promise<RegisterRecallResult>;
  /** `register/password`: create the account and log in. */
  commitPassword(
    ctx: SiteContext,
    meta: ClientMeta,
    uuid: string,
    password: EncryptedPassword,
    channel: SignupChannel,
    binding: Binding,
  ): Promise<Registered>;
  /** `/verify/register/*`: send a code keyed by the identifier and this browser's binding. */
  oneShotStart(
    ctx: SiteContext,
    meta: ClientMeta,
    input: Omit<StartInput, 'verifyType'>,
    binding: string,
  ): Promise<CodeSentResult>;
  /** `/register/*`, `register_compliance`: check the code and create the account in one call. */
  oneShotCommit(
    ctx: SiteContext,
    meta: ClientMeta,
    input: CommitInput,
    binding: Binding,
  ): Promise<Registered>;
  purgeExpired(): Promise<number>;
}

export interface RegistrationDeps {
  db: Db;
  repo: RegistrationRepository;
  accounts: AccountsRepository;
  delivery: Delivery;
  kv: KvStore;
  passwords: PasswordServices;
  sessions: SessionService;
  limits?: Partial<RegistrationLimits>;
  now?: () => number;
  /** The operator's switch for sign-up by mobile (web config feature_flags.phoneSignUp); on without it. */
  phoneSignUpOn?: () => Promise<boolean>;
  /**
   * Records who brought the new account (modules/channels) and gives it its own invite code, inside
   * the transaction that creates it: once, never refusing the sign-up for an unknown code.
   */
  attribute?: (trx: Db, userId: string, channel: ChannelRecord, now: number) => Promise<unknown>;
  /**
   * The site's residence guide (modules/compliance): refuses a residence served by another site or
   * not offered here, as the page would hide it (docs/flows/compliance.md). Blocked countries are
   * refused without it.
   */
  vetResidence?: (site: SiteId, country: string, subdivision: string | null) => Promise<void>;
}

/** What recall answers for each stored stage (spec §4). */
const RECALL_STAGE: Record<RegistrationStage, RecallStage> = {
  info: 'info',
  code_sent: 'verify',
  verified: 'commit_password',
  done: 'commit_login',
};

/** Sign-up from a blocked country (§6), as far as a trusted proxy tells us, is refused. */
function checkClientCountry(meta: ClientMeta): void {
  if (meta.ipCountry !== null && isBlockedCountry(meta.ipCountry))
    throw new ApiError(RetCode.RegionRegistrationRestricted);
}

const tooFrequent = (retryAfterMs: number) =>
  new ApiError(RetCode.TooFrequent, undefined, 200, {
    retry_after: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });

export function createRegistrationService(deps: RegistrationDeps): RegistrationService {
  const { db, repo, accounts, delivery, kv, passwords, sessions } = deps;
  const limits = { ...DEFAULT_LIMITS, ...deps.limits };
  const clock = deps.now ?? Date.now;

  /** The flow of this site, or REGISTER_FLOW_NOT_FOUND (unknown, expired, other site or mode). */
  async function load(ctx: SiteContext, uuid: string, now: number): Promise<RegistrationRow> {
    const row = await repo.find(uuid, now);
    if (!row || row.mode !== 'flow' || row.site !== ctx.site)
      throw new ApiError(RetCode.RegisterFlowNotFound);
    return row;
  }

  /**
   * The flow, when `binding` is the one it started with; else REGISTER_FLOW_NOT_BOUND and nothing
   * read or changed: the uuid alone (in a URL, a log, a shared link) opens nothing.
   */
  async function loadBound(
    ctx: SiteContext,
    uuid: string,
    binding: Binding,
    now: number,
  ): Promise<RegistrationRow> {
    const row = await load(ctx, uuid, now);
    if (binding === null || row.binding_hash === null || !sameDigest(hashBinding(binding), row.binding_hash))
      throw new ApiError(RetCode.RegisterFlowNotBound);
    return row;
  }

  /**
   * Rate limits on sends (they cost money and can be used to flood someone's inbox): per client
   * address and per identifier per clock hour, and a cooldown per identifier across flows, so
   * a new uuid does not reset it. Counters are keyed by a hash, never the address itself, and by
   * the normalised forms (`loginName` is lower-cased e-mail or E.164; the client address is keyed
   * by `clientAddressKey`), so no spelling of one identifier or client gets a counter of its own.
   * Each is an atomic increment-then-compare (or add-if-absent) in the store, so parallel sends
   * cannot overshoot. It runs before anything is written for the send.
   */
  async function throttle(ip: string, loginName: string, now: number): Promise<() => Promise<void>> {
    const hour = Math.floor(now / HOUR);
    const untilNextHour = (hour + 1) * HOUR - now;
    const who = throttleKey(loginName);
    const client = throttleKey(clientAddressKey(ip));
    if ((await kv.incr(`reg:ip:${client}:${hour}`, HOUR)) > limits.maxSendsPerIpPerHour)
      throw tooFrequent(untilNextHour);
    const cooldownKey = `reg:cool:${who}`;
    if (!(await kv.add(cooldownKey, String(now), limits.cooldownMs))) {
      const since = Number((await kv.get(cooldownKey)) ?? now);
      throw tooFrequent(since + limits.cooldownMs - now);
    }
    if ((await kv.incr(`reg:id:${who}:${hour}`, HOUR)) > limits.maxSendsPerIdentifierPerHour)
      throw tooFrequent(untilNextHour);
    // A failed send should not make the user wait out the cooldown.
    return () => kv.del(cooldownKey);
  }

  /**
   * Put a fresh code (or link token) on the flow and send it. An identifier that already has an
   * account gets a "you already have an account" message instead, and the flow a code nobody
   * knows: the answer is the same either way, so `register/info` does not tell a stranger which
   * addresses have accounts (docs/flows/registration.md, "Existing accounts").
   *
   * `fresh`: the row is new and not stored yet. It is inserted only once the send limits let it
   * through, and deleted again if the message cannot go out: a refused or failed start leaves
   * no row behind.
   */
  async function deliver(
    row: RegistrationRow,
    ctx: SiteContext,
    meta: ClientMeta,
    now: number,
    fresh: boolean,
  ): Promise<CodeSentResult> {
    const releaseCooldown = await throttle(meta.ip, row.login_name, now);
    const code = newVerifyCode();
    const token = newLinkToken();
    const byLink = row.verify_type === 'link';
    const sent = {
      stage: 'code_sent' as const,
      code_hash: byLink ? null : hashVerifyCode(row.uuid, code),
      code_expires_at: byLink ? null : now + limits.codeTtlMs,
      link_token_hash: byLink ? hashLinkToken(token) : null,
      link_expires_at: byLink ? now + limits.codeTtlMs : null,
      attempts: 0,
      sends: row.sends + 1,
      last_sent_at: now,
      updated_at: now,
      expires_at: Math.max(row.expires_at, now + limits.flowTtlMs),
    };
    try {
      if (fresh) await repo.insert({ ...row, ...sent });
      else if (!(await repo.updateIfStage(row.uuid, ['info', 'code_sent'], sent)))
        throw new ApiError(RetCode.RegisterStepInvalid);
    } catch (err) {
      await releaseCooldown();
      throw err;
    }
    const existing = await accounts.findByLoginName(row.login_name);
    const minutes = String(Math.round(limits.codeTtlMs / MINUTE));
    const to = row.login_name;
    const channel = row.channel === 'email' ? 'email' : 'sms';
    try {
      if (existing) {
        await delivery.send({
          channel,
          to,
          kind: 'register-exists',
          locale: row.lang,
          vars: { link: `${ctx.origin}/${row.lang}/login` },
        });
      } else if (byLink) {
        const link = `${ctx.origin}/${row.lang}/email-code-verify?uuid=${row.uuid}&token=${token}`;
        await delivery.send({
          channel,
          to,
          kind: 'register-link',
          locale: row.lang,
          vars: { link, minutes },
        });
      } else {
        await delivery.send({
          channel,
          to,
          kind: 'register-code',
          locale: row.lang,
          vars: { code, minutes },
        });
      }
    } catch (err) {
      await releaseCooldown();
      if (fresh) await repo.delete(row.uuid);
      throw err;
    }
    return {
      uuid: row.uuid,
      channel: row.channel,
      verify_type: row.verify_type,
      login_name: maskLoginName(row.login_name),
      expires_in: Math.round(limits.codeTtlMs / 1000),
      resend_in: Math.round(limits.cooldownMs / 1000),
    };
  }

  /** A new flow row, not stored yet (deliver stores it once the send may go out). */
  function newRow(
    ctx: SiteContext,
    meta: ClientMeta,
    input: StartInput,
    mode: 'flow' | 'oneshot',
    id: Identifier,
    binding: string,
    now: number,
  ): RegistrationRow {
    return {
      uuid: randomUUID(),
      mode,
      site: ctx.site,
      channel: id.channel,
      login_name: id.loginName,
      lang: ctx.locale,
      residence_country: input.residenceCountry,
      residence_subdivision: input.residenceSubdivision,
      verify_type: input.verifyType,
      stage: 'info',
      code_hash: null,
      code_expires_at: null,
      attempts: 0,
      link_token_hash: null,
      link_expires_at: null,
      sends: 0,
      last_sent_at: null,
      platform: meta.platform,
      version: meta.version,
      channel_json: JSON.stringify(channelRecord(input.channel)),
      user_id: null,
      binding_hash: hashBinding(binding),
      created_at: now,
      updated_at: now,
      expires_at: now + limits.flowTtlMs,
    };
  }

  /**
   * Check a code against the flow, counting the attempt first (atomically), so parallel guesses
   * cannot exceed the limit. Returns the code hash that matched, for the conditional commit.
   */
  async function checkCode(row: RegistrationRow, code: string, now: number): Promise<string> {
    if (row.stage !== 'code_sent') throw new ApiError(RetCode.RegisterStepInvalid);
    if (row.verify_type !== 'code')
      throw new ApiError(RetCode.ParamsInvalid, 'This sign-up is confirmed by link');
    const stored = row.code_hash;
    if (stored === null) {
      if (row.attempts >= limits.maxAttempts) throw new ApiError(RetCode.VerifyCodeAttemptsExceeded);
      throw new ApiError(RetCode.VerifyCodeExpired);
    }
    if (row.code_expires_at === null || row.code_expires_at <= now)
      throw new ApiError(RetCode.VerifyCodeExpired);
    const attempts = await repo.countAttempt(row.uuid, stored, limits.maxAttempts, now);
    if (attempts === null) {
      // Another request spent the last attempt, burnt, used or replaced this code meanwhile. The row
      // read before this request is stale under a burst: read it again to say which.
      const fresh = await repo.find(row.uuid, now);
      const spent =
        fresh !== undefined && fresh.stage === 'code_sent' && fresh.attempts >= limits.maxAttempts;
      throw new ApiError(spent ? RetCode.VerifyCodeAttemptsExceeded : RetCode.RegisterStepInvalid);
    }
    if (sameDigest(hashVerifyCode(row.uuid, code), stored)) return stored;
    const remaining = limits.maxAttempts - attempts;
    if (remaining <= 0) {
      await repo.burnCode(row.uuid, stored, now);
      throw new ApiError(RetCode.VerifyCodeAttemptsExceeded, undefined, 200, { remaining_attempts: 0 });
    }
    throw new ApiError(RetCode.VerifyCodeInvalid, undefined, 200, { remaining_attempts: remaining });
  }

  async function acceptablePassword(ctx: SiteContext, encrypted: EncryptedPassword): Promise<string> {
    const password = await passwords.transport.decryptPassword(encrypted, ctx.env);
    const policy = await passwords.check(password);
    if (!policy.ok) throw new ApiError(RetCode.PasswordTooWeak, undefined, 200, { reason: policy.reason });
    return password;
  }

  /**
   * One transaction: claim the flow (conditional UPDATE to `done`), create the account (the
   * unique indexes refuse a taken identifier: ACCOUNT_EXISTS), store the channel record. Any
   * failure rolls everything back; then the session.
   */
  async function commit(
    row: RegistrationRow,
    meta: ClientMeta,
    password: string,
    channel: ChannelRecord,
    residenceCountry: string | null,
    claim: (trx: Db) => Promise<boolean>,
  ): Promise<Registered> {
    // Hash outside the transaction: argon2 takes tens of milliseconds and needs no lock.
    const passwordHash = await passwords.hasher.hash(password);
    const now = clock();
    const account = await db.transaction().execute(async (trx) => {
      if (!(await claim(trx))) throw new ApiError(RetCode.RegisterStepInvalid);
      const created = await accounts.create(
        {
          ...(row.channel === 'email' ? { email: row.login_name } : { mobile: row.login_name }),
          passwordHash,
          lang: row.lang,
          site: row.site as SiteId,
          residenceCountry,
        },
        trx,
      );
      await trx
        .updateTable('registrations')
        .set({ user_id: created.id })
        .where('uuid', '=', row.uuid)
        .execute();
      await repo.insertChannel(buildChannelRow(created.id, row.site, row.platform, channel, now), trx);
      await deps.attribute?.(trx, created.id, channel, now);
      return created;
    });
    const token = await sessions.create(account.id, {
      userAgent: meta.userAgent,
      ip: meta.ip,
      site: row.site,
      country: meta.ipCountry,
      method: 'sign_up',
    });
    return { account, token };
  }

  const doneValues = (now: number) => ({
    stage: 'done' as const,
    code_hash: null,
    link_token_hash: null,
    updated_at: now,
    expires_at: now + limits.doneTtlMs,
  });

  /** Read only for a mobile sign-up: an e-mail one does not need the flag. */
  const phoneOffered = async (identifier: { email?: string | undefined }): Promise<boolean> =>
    identifier.email !== undefined || !deps.phoneSignUpOn || (await deps.phoneSignUpOn());

  /** checkResidence (blocked, required on regulated sites), then the site's residence guide. */
  const vetResidence = async (site: SiteId, country: string | null, subdivision: string | null) => {
    checkResidence(site, country, subdivision);
    if (country !== null && deps.vetResidence) await deps.vetResidence(site, country, subdivision);
  };

  return {
    async start(ctx, meta, input, binding) {
      // Every check that can refuse runs before deliver() writes the row.
      checkClientCountry(meta);
      const id = signupIdentifier(input.identifier, ctx.site, await phoneOffered(input.identifier));
      await vetResidence(ctx.site, input.residenceCountry, input.residenceSubdivision);
      const now = clock();
      return deliver(newRow(ctx, meta, input, 'flow', id, binding, now), ctx, meta, now, true);
    },

    async resend(ctx, meta, uuid, binding) {
      const now = clock();
      const row = await loadBound(ctx, uuid, binding, now);
      if (row.stage !== 'info' && row.stage !== 'code_sent') throw new ApiError(RetCode.RegisterStepInvalid);
      return deliver(row, ctx, meta, now, false);
    },

    async verify(ctx, uuid, proof, binding) {
      const now = clock();
      // The link's token proves the mailbox in whatever browser the mail is opened; a typed code
      // comes from the browser that started (ADR 0012).
      const row =
        proof.token !== undefined ? await load(ctx, uuid, now) : await loadBound(ctx, uuid, binding, now);
      if (row.stage !== 'code_sent') throw new ApiError(RetCode.RegisterStepInvalid);
      const verified = {
        stage: 'verified' as const,
        code_hash: null,
        link_token_hash: null,
        updated_at: now,
      };
      const extend = { expires_at: Math.max(row.expires_at, now + limits.flowTtlMs) };
      if (proof.token !== undefined) {
        if (row.verify_type !== 'link' || row.link_token_hash === null)
          throw new ApiError(RetCode.RegisterStepInvalid);
        if (row.link_expires_at === null || row.link_expires_at <= now)
          throw new ApiError(RetCode.VerifyCodeExpired);
        const presented = hashLinkToken(proof.token);
        // 256-bit tokens cannot be guessed, so no attempt counter; the comparison is still constant-time.
        if (!sameDigest(presented, row.link_token_hash)) throw new ApiError(RetCode.VerifyCodeInvalid);
        const moved = await repo.updateIfStage(
          uuid,
          ['code_sent'],
          { ...verified, ...extend },
          { linkHash: presented },
        );
        if (!moved) throw new ApiError(RetCode.RegisterStepInvalid);
        return;
      }
      if (proof.code === undefined) throw new ApiError(RetCode.ParamsInvalid, 'Send either code or token');
      const matched = await checkCode(row, proof.code, now);
      const moved = await repo.updateIfStage(
        uuid,
        ['code_sent'],
        { ...verified, ...extend },
        { codeHash: matched },
      );
      if (!moved) throw new ApiError(RetCode.RegisterStepInvalid);
    },

    async verifyResult(ctx, uuid, binding) {
      const row = await loadBound(ctx, uuid, binding, clock());
      return row.stage === 'verified' || row.stage === 'done' ? 1 : 0;
    },

    async recall(ctx, uuid, binding) {
      const row = await loadBound(ctx, uuid, binding, clock());
      return {
        recall_stage: RECALL_STAGE[row.stage],
        platform: row.platform,
        login_name: maskLoginName(row.login_name),
        version: row.version,
        channel: row.channel,
        verify_type: row.verify_type,
      };
    },

    async commitPassword(ctx, meta, uuid, encrypted, channel, binding) {
      const row = await loadBound(ctx, uuid, binding, clock());
      if (row.stage !== 'verified') throw new ApiError(RetCode.RegisterStepInvalid);
      checkClientCountry(meta);
      const password = await acceptablePassword(ctx, encrypted);
      const merged = { ...(JSON.parse(row.channel_json) as ChannelRecord), ...channelRecord(channel) };
      return commit(row, meta, password, merged, row.residence_country, (trx) =>
        repo.updateIfStage(uuid, ['verified'], doneValues(clock()), { db: trx }),
      );
    },

    async oneShotStart(ctx, meta, input, binding) {
      checkClientCountry(meta);
      const id = signupIdentifier(input.identifier, ctx.site, await phoneOffered(input.identifier));
      await vetResidence(ctx.site, input.residenceCountry, input.residenceSubdivision);
      const now = clock();
      // Keyed by the identifier and this browser: a second request from it resends on its open
      // flow; another browser gets a flow of its own and cannot touch this one.
      const open = await repo.findOneShot(id.loginName, ctx.site, hashBinding(binding), now);
      if (open) return deliver(open, ctx, meta, now, false);
      const row = newRow(ctx, meta, { ...input, verifyType: 'code' }, 'oneshot', id, binding, now);
      return deliver(row, ctx, meta, now, true);
    },

    async oneShotCommit(ctx, meta, input, binding) {
      checkClientCountry(meta);
      const id = signupIdentifier(input.identifier, ctx.site, await phoneOffered(input.identifier));
      const now = clock();
      // Without this browser's binding there is no flow to find: the same answer as "no code
      // sent", so the call does not tell a stranger that someone is signing up with an address.
      const row =
        binding === null
          ? undefined
          : await repo.findOneShot(id.loginName, ctx.site, hashBinding(binding), now);
      if (!row) throw new ApiError(RetCode.VerifyCodeExpired);
      const residence = input.residenceCountry ?? row.residence_country;
      const subdivision = input.residenceSubdivision ?? row.residence_subdivision;
      await vetResidence(ctx.site, residence, subdivision);
      // Password first: a weak password must not cost the user a code attempt.
      const password = await acceptablePassword(ctx, input.password);
      const matched = await checkCode(row, input.code, now);
      const merged = { ...(JSON.parse(row.channel_json) as ChannelRecord), ...channelRecord(input.channel) };
      return commit(row, meta, password, merged, residence, (trx) =>
        repo.updateIfStage(row.uuid, ['code_sent'], doneValues(clock()), { db: trx, codeHash: matched }),
      );
    },

    purgeExpired() {
      return repo.deleteExpired(clock());
    },
  };
}
