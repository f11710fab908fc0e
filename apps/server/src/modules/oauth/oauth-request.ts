import {
  CODE_CHALLENGE_PATTERN,
  isOAuthScope,
  OAUTH_DEFAULT_SCOPE,
  PKCE_METHOD,
  RetCode,
  type OAuthAuthorizeQuery,
  type OAuthScope,
  type RetCodeValue,
} from '@gatehouse/contract';
import type { OAuthClient, OAuthClientsRepository } from './oauth-clients.repository.js';
import { withParams } from './oauth-uris.js';

/** An authorization request that passed every check (RFC 6749 §4.1.1, RFC 7636 §4.3). */
export interface ValidRequest {
  client: OAuthClient;
  redirectUri: string;
  scopes: OAuthScope[];
  state: string | undefined;
  codeChallenge: string;
}

/**
 * Why a request is refused. `redirectable: false` when client_id and redirect_uri do not belong
 * together: then nobody may be sent anywhere (RFC 6749 §4.1.2.1, RFC 9700 §4.1). Otherwise the
 * client gets the RFC `error` at its registered redirect_uri.
 */
export type RequestRefusal =
  | { redirectable: false; code: RetCodeValue; error: 'invalid_client' | 'invalid_request' }
  | {
      redirectable: true;
      code: RetCodeValue;
      error: 'unsupported_response_type' | 'invalid_request' | 'invalid_scope';
      description: string;
      client: OAuthClient;
      redirectUri: string;
      state: string | undefined;
    };

export type RequestCheck = { ok: true; request: ValidRequest } | { ok: false; refusal: RequestRefusal };

/**
 * The client and redirect_uri pair, compared as exact strings: no normalisation of case, trailing
 * slash, port or query, no prefix or sub-domain matching (RFC 9700 §2.1, §4.1.3).
 */
export async function findClientAndRedirect(
  clients: OAuthClientsRepository,
  clientId: string,
  redirectUri: string,
): Promise<{ ok: true; client: OAuthClient } | { ok: false; refusal: RequestRefusal }> {
  const client = clientId ? await clients.find(clientId) : undefined;
  if (!client)
    return {
      ok: false,
      refusal: { redirectable: false, code: RetCode.OAuthClientInvalid, error: 'invalid_client' },
    };
  if (!client.redirectUris.includes(redirectUri))
    return {
      ok: false,
      refusal: { redirectable: false, code: RetCode.OAuthRedirectUriInvalid, error: 'invalid_request' },
    };
  return { ok: true, client };
}

/** Parse a space-separated scope list against the client's allowed set; null when any is not allowed. */
export function parseScopes(raw: string | undefined, client: OAuthClient): OAuthScope[] | null {
  const names = (raw ?? '').split(' ').filter(Boolean);
  if (names.length === 0) return client.scopes.includes(OAUTH_DEFAULT_SCOPE) ? [OAUTH_DEFAULT_SCOPE] : null;
  const out: OAuthScope[] = [];
  for (const name of names) {
    if (!isOAuthScope(name) || !client.scopes.includes(name)) return null;
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

export async function checkAuthorizationRequest(
  clients: OAuthClientsRepository,
  query: OAuthAuthorizeQuery,
): Promise<RequestCheck> {
  const pair = await findClientAndRedirect(clients, query.client_id, query.redirect_uri);
  if (!pair.ok) return pair;
  const base = {
    redirectable: true as const,
    client: pair.client,
    redirectUri: query.redirect_uri,
    state: query.state,
  };

  // Only the authorization-code flow: no implicit grant (RFC 9700 §2.1.2).
  if (query.response_type !== 'code')
    return {
      ok: false,
      refusal: {
        ...base,
        code: RetCode.OAuthResponseTypeUnsupported,
        error: 'unsupported_response_type',
        description: 'only response_type=code is supported',
      },
    };
  // PKCE for every client, S256 only; an absent method means plain (RFC 7636 §4.3), refused too.
  if (
    query.code_challenge === undefined ||
    query.code_challenge_method !== PKCE_METHOD ||
    !CODE_CHALLENGE_PATTERN.test(query.code_challenge)
  )
    return {
      ok: false,
      refusal: {
        ...base,
        code: RetCode.OAuthPkceRequired,
        error: 'invalid_request',
        description: 'PKCE with code_challenge_method=S256 is required',
      },
    };
  const scopes = parseScopes(query.scope, pair.client);
  if (!scopes)
    return {
      ok: false,
      refusal: {
        ...base,
        code: RetCode.OAuthScopeInvalid,
        error: 'invalid_scope',
        description: 'a requested scope is unknown or not allowed for this client',
      },
    };
  return {
    ok: true,
    request: {
      client: pair.client,
      redirectUri: query.redirect_uri,
      scopes,
      state: query.state,
      codeChallenge: query.code_challenge,
    },
  };
}

/** The authorization response for an error (RFC 6749 §4.1.2.1), with `iss` (RFC 9207). */
export function errorRedirect(
  target: { redirectUri: string; state: string | undefined; error: string; description?: string },
  issuer: string,
): string {
  return withParams(target.redirectUri, {
    error: target.error,
    error_description: target.description,
    state: target.state,
    iss: issuer,
  });
}
