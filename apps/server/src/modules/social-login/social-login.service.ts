import { randomBytes } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import {
  RetCode,
  SOCIAL_PENDING_BIND_TTL_MS,
  SOCIAL_PROVIDERS,
  SOCIAL_RETURN_QUERY,
  SOCIAL_STATE_TTL_MS,
  SOCIAL_TICKET_TTL_MS,
  THIRD_BIND_STATUS,
  type SiteId,
  type SocialProvider,
  type SocialUser,
} from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import type { KvStore } from '../../plugins/kv.js';
import type { SocialConfig } from './social-config.js';
import { OidcFailure, type OidcClient } from './oidc-client.js';
import type { SocialBinding, SocialIdentity, SocialLoginRepository } from './social-login.repository.js';

export type { SocialBinding, SocialIdentity } from './social-login.repository.js';

export interface SocialLoginDeps {
  config: SocialConfig;
  clients: Partial<Record<SocialProvider, OidcClient>>;
  kv: KvStore;
  repo: SocialLoginRepository;
  now: () => number;
}

/** What the authorization request left for its callback (kept under the state, used once). */
interface StateRecord {
  provider: SocialProvider;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  site: SiteId;
  /** `/{lang}/{login|register}?{the page's query}`: where the callback sends the browser. */
  returnPath: string;
  guid: string | null;
}

/** A verified identity waiting for the page to post it (`third_ticket`), or for a bind (`third_pending_id`). */
interface HeldIdentity {
  identity: SocialIdentity;
  site: SiteId;
  guid: string | null;
}

export type SocialLoginOutcome =
  | { kind: 'bound'; userId: string; identity: SocialIdentity }
  | { kind: 'pending'; pendingId: string; identity: SocialIdentity };

const handle = () => randomBytes(32).toString('base64url');
const STATE_KEY = (state: string) => `social-state:${state}`;
const TICKET_KEY = (t: string) => `social-ticket:${t}`;
const PENDING_KEY = (p: string) => `social-pending:${p}`;
const NONCE_KEY = (provider: string, nonce: string) => `social-nonce:${provider}:${nonce}`;

/** A failed callback: where to send the browser, with which ret_code (never the reason's detail). */
export class SocialCallbackError extends Error {
  constructor(
    readonly code: number,
    readonly returnPath: string,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'SocialCallbackError';
  }
}

/** Where a callback without a usable state sends the browser: the login page (language by the page rules). */
export const FALLBACK_RETURN = '/login';

export function socialUserOf(identity: SocialIdentity): SocialUser {
  return {
    provider: identity.provider,
    email: identity.email,
    email_verified: identity.emailVerified,
    name: identity.name,
  };
}

/** The page's query, without our own return keys (a stale ticket must not ride along). */
export function cleanReturnQuery(raw: string | undefined): string {
  const q = new URLSearchParams(raw?.replace(/^\?/, '') ?? '');
  for (const key of Object.values(SOCIAL_RETURN_QUERY)) q.delete(key);
  return q.toString();
}

export function appendQuery(path: string, params: Record<string, string>): string {
  const [base, query] = path.split('?', 2) as [string, string | undefined];
  const q = new URLSearchParams(query ?? '');
  for (const [k, v] of Object.entries(params)) q.set(k, v);
  return `${base}?${q.toString()}`;
}

/**
 * Google and Apple sign-in (docs/flows/social-login.md). Every one-use value is consumed with one
 * atomic store operation (`take` for state, ticket and pending id, `add` for the nonce), so a
 * replay or a double submit loses on SQLite and on PostgreSQL + Redis alike.
 */
export function createSocialLoginService(deps: SocialLoginDeps) {
  const { kv, repo } = deps;

  const providerConfig = (provider: SocialProvider) => deps.config[provider];

  const enabledFor = (site: SiteId): SocialProvider[] =>
    SOCIAL_PROVIDERS.filter((p) => {
      const cfg = providerConfig(p);
      return (
        cfg !== null && deps.clients[p] !== undefined && (cfg.sites === null || cfg.sites.includes(site))
      );
    });

  const clientFor = (provider: SocialProvider, site: SiteId): OidcClient => {
    const client = deps.clients[provider];
    if (!client || !enabledFor(site).includes(provider)) throw new ApiError(RetCode.ThirdPartyProviderOff);
    return client;
  };

  const takeJson = async <T>(key: string): Promise<T | null> => {
    const raw = await kv.take(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  };

  return {
    enabledFor,

    /** Start: the provider's authorization URL; state, nonce and PKCE verifier kept for the callback. */
    async startAuthorization(input: {
      provider: SocialProvider;
      site: SiteId;
      origin: string;
      callbackPath: string;
      returnPath: string;
      guid: string | null;
    }): Promise<string> {
      const client = clientFor(input.provider, input.site);
      const state = oauth.generateRandomState();
      const nonce = oauth.generateRandomNonce();
      const codeVerifier = oauth.generateRandomCodeVerifier();
      const redirectUri = `${input.origin}${input.callbackPath}`;
      let url: string;
      try {
        url = await client.authorizationUrl({
          redirectUri,
          state,
          nonce,
          codeChallenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
        });
      } catch (err) {
        if (err instanceof OidcFailure)
          throw new ApiError(RetCode.ThirdPartyAuthFailed, 'provider unreachable');
        throw err;
      }
      const record: StateRecord = {
        provider: input.provider,
        nonce,
        codeVerifier,
        redirectUri,
        site: input.site,
        returnPath: input.returnPath,
        guid: input.guid,
      };
      await kv.set(STATE_KEY(state), JSON.stringify(record), SOCIAL_STATE_TTL_MS);
      return url;
    },

    /**
     * The provider's callback: state taken (once), code exchanged, id_token verified, nonce spent;
     * answers where to send the browser with a one-use ticket. Throws SocialCallbackError.
     * `appleUser` is Apple's `user` form field: the name, sent on the first authorization only.
     */
    async finishCallback(
      provider: SocialProvider,
      params: URLSearchParams,
      appleUser: string | null,
    ): Promise<{ location: string; identity: SocialIdentity }> {
      const state = params.get('state');
      if (!state || state.length > 128)
        throw new SocialCallbackError(RetCode.ThirdPartyStateInvalid, FALLBACK_RETURN, 'state missing');
      const record = await takeJson<StateRecord>(STATE_KEY(state));
      if (!record)
        throw new SocialCallbackError(
          RetCode.ThirdPartyStateInvalid,
          FALLBACK_RETURN,
          'state unknown or used',
        );
      const fail = (code: number, detail: string) => new SocialCallbackError(code, record.returnPath, detail);
      if (record.provider !== provider)
        throw fail(RetCode.ThirdPartyStateInvalid, 'state of another provider');
      const client = deps.clients[provider];
      if (!client) throw fail(RetCode.ThirdPartyProviderOff, 'provider off');
      let claims;
      try {
        claims = await client.exchange(params, { ...record, state });
      } catch (err) {
        if (!(err instanceof OidcFailure)) throw err;
        throw fail(
          err.reason === 'state' ? RetCode.ThirdPartyStateInvalid : RetCode.ThirdPartyAuthFailed,
          `${err.reason}: ${err.message}`,
        );
      }
      // The id_token matched this state's nonce; spending the nonce as well refuses the same token
      // again even if a state record were ever duplicated.
      if (!(await kv.add(NONCE_KEY(provider, record.nonce), '1', SOCIAL_STATE_TTL_MS)))
        throw fail(RetCode.ThirdPartyStateInvalid, 'nonce already used');
      const identity: SocialIdentity = {
        provider,
        subject: claims.subject,
        email: claims.email,
        emailVerified: claims.emailVerified,
        name: claims.name ?? appleNameOf(appleUser),
      };
      const ticket = handle();
      const held: HeldIdentity = { identity, site: record.site, guid: record.guid };
      await kv.set(TICKET_KEY(ticket), JSON.stringify(held), SOCIAL_TICKET_TTL_MS);
      return {
        location: appendQuery(record.returnPath, {
          [SOCIAL_RETURN_QUERY.TYPE]: provider,
          [SOCIAL_RETURN_QUERY.TICKET]: ticket,
        }),
        identity,
      };
    },

    /**
     * `POST /user/public/login/thirdparty` with a ticket: the bound account, or a pending bind. The
     * ticket is used once, on the site and in the browser (Guid) that started the login.
     */
    async login(
      provider: SocialProvider,
      ticket: string,
      ctx: { site: SiteId; guid: string | null },
    ): Promise<SocialLoginOutcome> {
      clientFor(provider, ctx.site);
      const held = await takeJson<HeldIdentity>(TICKET_KEY(ticket));
      if (
        !held ||
        held.identity.provider !== provider ||
        held.site !== ctx.site ||
        (held.guid !== null && held.guid !== ctx.guid)
      )
        throw new ApiError(RetCode.ThirdPartyStateInvalid);
      const binding = await repo.findByIdentity(provider, held.identity.subject);
      if (binding) {
        await repo.touch(held.identity, deps.now());
        return { kind: 'bound', userId: binding.userId, identity: held.identity };
      }
      const pendingId = handle();
      await kv.set(PENDING_KEY(pendingId), JSON.stringify(held), SOCIAL_PENDING_BIND_TTL_MS);
      return { kind: 'pending', pendingId, identity: held.identity };
    },

    pendingTtlSeconds: SOCIAL_PENDING_BIND_TTL_MS / 1000,

    /**
     * After a login or sign-up that carried `third_pending_id`: bind the identity to that account.
     * Never throws for a business reason (the login or sign-up succeeded either way): answers the
     * `third_bind_result` (`status|message`).
     */
    async completePendingBind(
      pendingId: string,
      userId: string,
      opts: { via: 'login' | 'register'; guid: string | null },
    ): Promise<string> {
      const held = await takeJson<HeldIdentity>(PENDING_KEY(pendingId));
      if (!held) return `${THIRD_BIND_STATUS.PENDING_EXPIRED}|expired`;
      if (held.guid !== null && held.guid !== opts.guid)
        return `${THIRD_BIND_STATUS.OTHER_DEVICE}|other_device`;
      const outcome = await repo.insert(userId, held.identity, deps.now());
      if (!outcome.ok)
        return outcome.taken === 'identity'
          ? `${THIRD_BIND_STATUS.IDENTITY_TAKEN}|identity_taken`
          : `${THIRD_BIND_STATUS.ACCOUNT_TAKEN}|account_taken`;
      return `${THIRD_BIND_STATUS.SUCCESS}|${opts.via === 'login' ? 'login_bind' : 'register_bind'}`;
    },

    list: (userId: string): Promise<SocialBinding[]> => repo.listByUser(userId),

    /**
     * Unbind, never the last way in: an account without a password keeps at least one identity.
     * (Every account made today has a password; an account made by a provider alone would not.)
     */
    async unbind(userId: string, provider: SocialProvider, hasPassword: boolean): Promise<void> {
      const bindings = await repo.listByUser(userId);
      if (!bindings.some((b) => b.provider === provider)) throw new ApiError(RetCode.AccountNotBound);
      if (!hasPassword && bindings.length <= 1) throw new ApiError(RetCode.ThirdPartyLastLoginMethod);
      if (!(await repo.delete(userId, provider))) throw new ApiError(RetCode.AccountNotBound);
    },
  };
}

/** Apple's `user` form field (`{"name":{"firstName","lastName"},"email"}`): the name only, untrusted. */
export function appleNameOf(raw: string | null): string | null {
  if (!raw || raw.length > 2048) return null;
  try {
    const parsed = JSON.parse(raw) as { name?: { firstName?: unknown; lastName?: unknown } };
    const parts = [parsed.name?.firstName, parsed.name?.lastName].filter(
      (p): p is string => typeof p === 'string' && p.trim() !== '',
    );
    const name = parts.join(' ').trim().slice(0, 128);
    return name === '' ? null : name;
  } catch {
    return null;
  }
}

export type SocialLoginService = ReturnType<typeof createSocialLoginService>;
