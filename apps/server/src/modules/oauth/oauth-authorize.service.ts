import {
  RetCode,
  type OAuthAuthorizeQuery,
  type OAuthAuthorizedApps,
  type OAuthClientInfo,
  type OAuthErrorResult,
  type OAuthLogoutRequest,
  type OAuthScope,
} from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import type { OAuthClientsRepository } from './oauth-clients.repository.js';
import type { OAuthCodesRepository } from './oauth-codes.repository.js';
import type { OAuthConsentsRepository } from './oauth-consents.repository.js';
import {
  checkAuthorizationRequest,
  errorRedirect,
  findClientAndRedirect,
  parseScopes,
  type RequestRefusal,
  type ValidRequest,
} from './oauth-request.js';
import { clientSummary, scopeInfos } from './oauth-scope-info.js';
import { newFamilyId, randomSecret } from './oauth-secrets.js';
import type { OAuthFamiliesRepository } from './oauth-families.repository.js';
import { REFRESH_TOKEN_TTL_MS } from './oauth-token.service.js';
import type { OAuthTokensRepository } from './oauth-tokens.repository.js';
import { withParams } from './oauth-uris.js';

/** Codes live at most this long (RFC 6749 §4.1.2 recommends ≤ 10 minutes; the client redeems at once). */
export const CODE_TTL_MS = 5 * 60_000;

export interface OAuthStores {
  clients: OAuthClientsRepository;
  consents: OAuthConsentsRepository;
  codes: OAuthCodesRepository;
  tokens: OAuthTokensRepository;
  /** Token families: the lock every grant and revocation of a family takes. */
  families: OAuthFamiliesRepository;
  now: () => number;
}

/** The ApiError for a refused request; `result.redirect_to` only when the pair was valid. */
export function refusalError(refusal: RequestRefusal, issuer: string): ApiError {
  const result: OAuthErrorResult = {
    error: refusal.error,
    redirect_to: refusal.redirectable ? errorRedirect(refusal, issuer) : null,
  };
  return new ApiError(refusal.code, undefined, 200, result);
}

const covers = (granted: readonly OAuthScope[], wanted: readonly OAuthScope[]) =>
  wanted.every((scope) => granted.includes(scope));

/**
 * The user-facing half of the authorization server: what the web's OAuth pages call (spec §7).
 * Every call re-validates the whole request from its query: nothing about a pending request is
 * stored, so there is no request id to steal or expire.
 */
export function createOAuthAuthorizeService(stores: OAuthStores) {
  const { clients, consents, codes, families, now } = stores;

  async function requireValid(query: OAuthAuthorizeQuery, issuer: string): Promise<ValidRequest> {
    const check = await checkAuthorizationRequest(clients, query);
    if (!check.ok) throw refusalError(check.refusal, issuer);
    return check.request;
  }

  /** Issue a code and answer the success redirect (RFC 6749 §4.1.2 + RFC 9207 `iss`). */
  async function issueCode(userId: string, request: ValidRequest, issuer: string): Promise<string> {
    const code = randomSecret();
    const at = now();
    const familyId = newFamilyId();
    // The family outlives the code by a refresh token's life, as the used code's row does
    // (oauth.plugin.ts purge), so a late replay still finds the lock to revoke under.
    await families.create({
      family_id: familyId,
      client_id: request.client.clientId,
      user_id: userId,
      created_at: at,
      expires_at: at + CODE_TTL_MS + REFRESH_TOKEN_TTL_MS,
    });
    await codes.insert(code, {
      family_id: familyId,
      client_id: request.client.clientId,
      user_id: userId,
      redirect_uri: request.redirectUri,
      scopes: JSON.stringify(request.scopes),
      code_challenge: request.codeChallenge,
      issuer,
      created_at: at,
      expires_at: at + CODE_TTL_MS,
    });
    return withParams(request.redirectUri, { code, state: request.state, iss: issuer });
  }

  async function consentCovers(userId: string, request: ValidRequest): Promise<boolean> {
    const consent = await consents.find(userId, request.client.clientId);
    return consent !== undefined && covers(consent.scopes, request.scopes);
  }

  return {
    requireValid,

    /** Public: the app's name, logo and scopes; never a redirect target. */
    async clientInfo(query: {
      client_id: string;
      redirect_uri: string;
      scope?: string | undefined;
    }): Promise<OAuthClientInfo> {
      const pair = await findClientAndRedirect(clients, query.client_id, query.redirect_uri);
      if (!pair.ok)
        throw new ApiError(pair.refusal.code, undefined, 200, {
          error: pair.refusal.error,
          redirect_to: null,
        });
      const scopes = query.scope === undefined ? pair.client.scopes : parseScopes(query.scope, pair.client);
      if (!scopes)
        throw new ApiError(RetCode.OAuthScopeInvalid, undefined, 200, {
          error: 'invalid_scope',
          redirect_to: null,
        });
      return { ...clientSummary(pair.client), scopes: scopeInfos(scopes) };
    },

    async preAuthorize(userId: string, query: OAuthAuthorizeQuery, issuer: string) {
      const request = await requireValid(query, issuer);
      return {
        consent_required: !(await consentCovers(userId, request)),
        client: clientSummary(request.client),
        scopes: scopeInfos(request.scopes),
      };
    },

    /** The user's decision. Accept is remembered (scope union); decline is not, so the app may ask again. */
    async confirm(
      userId: string,
      query: OAuthAuthorizeQuery,
      decision: 'accept' | 'decline',
      issuer: string,
    ) {
      const request = await requireValid(query, issuer);
      if (decision === 'decline') {
        return errorRedirect(
          {
            redirectUri: request.redirectUri,
            state: request.state,
            error: 'access_denied',
            description: 'the user declined',
          },
          issuer,
        );
      }
      await consents.grant(userId, request.client.clientId, request.scopes, now());
      return issueCode(userId, request, issuer);
    },

    async authorize(userId: string, query: OAuthAuthorizeQuery, issuer: string) {
      const request = await requireValid(query, issuer);
      if (!(await consentCovers(userId, request))) return { consent_required: true, redirect_to: null };
      return { consent_required: false, redirect_to: await issueCode(userId, request, issuer) };
    },

    async authorizedApps(userId: string): Promise<OAuthAuthorizedApps> {
      const apps: OAuthAuthorizedApps['apps'] = [];
      for (const consent of await consents.listForUser(userId)) {
        const client = await clients.find(consent.clientId);
        if (!client) continue;
        apps.push({
          ...clientSummary(client),
          scopes: scopeInfos(consent.scopes),
          granted_at: consent.grantedAt,
          updated_at: consent.updatedAt,
        });
      }
      return { apps };
    },

    /** Forget the consent, void unused codes and revoke every token of that app for this user. */
    async revokeApp(userId: string, clientId: string): Promise<boolean> {
      const hadConsent = await consents.remove(userId, clientId);
      await codes.deleteForUserClient(userId, clientId);
      const revoked = await families.revokeForUserClient(userId, clientId, now());
      return hadConsent || revoked > 0;
    },

    /** Where to go after the OAuth log-out: the client's registered target (exact match), else `/`. */
    async logoutTarget(body: OAuthLogoutRequest): Promise<string> {
      if (!body.client_id || !body.post_logout_redirect_uri) return '/';
      const client = await clients.find(body.client_id);
      if (!client?.postLogoutRedirectUris.includes(body.post_logout_redirect_uri)) return '/';
      return withParams(body.post_logout_redirect_uri, { state: body.state });
    },
  };
}

export type OAuthAuthorizeService = ReturnType<typeof createOAuthAuthorizeService>;
