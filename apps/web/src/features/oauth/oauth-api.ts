import * as endpoints from '@gatehouse/contract/endpoints/oauth';
import {
  type OAuthAuthorizeQuery,
  type OAuthAuthorizeResult,
  type OAuthClientInfo,
  type OAuthConfirmRequest,
  type OAuthPreAuthorize,
} from '@gatehouse/contract';
import { api, type ApiEnvelope } from '../../api';

/**
 * The OAuth calls of the web app (spec §7; docs/oauth.md "Endpoints for the web app"): here those of
 * the authorization flow, in oauth-account-api.ts those of the account's apps and log-out (so the
 * consent page carries only its own). Every page that makes them shows the outcome itself (an error
 * view, the login form on 10006), so none of them toasts. Each resolves to the `result` or rejects;
 * `failureOf` (auth-common) reads the code.
 */
export const quiet = { hideError: true } as const;

/** The optional fields of an authorization request, carried unchanged from the page query. */
const OPTIONAL_FIELDS = [
  'response_type',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
] as const;

/**
 * The authorization request in the page query (spec §2 "Query parameters read"), or null when it
 * lacks client_id or redirect_uri: then nothing can be checked and the page shows an error.
 * Nothing is kept anywhere else: every call re-sends the query and the server re-validates it.
 */
export function readAuthRequest(search: string): OAuthAuthorizeQuery | null {
  const query = new URLSearchParams(search);
  const clientId = query.get('client_id');
  const redirectUri = query.get('redirect_uri');
  if (!clientId || !redirectUri) return null;
  const request: OAuthAuthorizeQuery = { client_id: clientId, redirect_uri: redirectUri };
  for (const field of OPTIONAL_FIELDS) {
    const value = query.get(field);
    if (value !== null) request[field] = value;
  }
  return request;
}

/** An answer without an envelope (status ≥ 400) counts as "no answer" (the client's -200). */
export function resultOf<T>(envelope: ApiEnvelope<T> | null): T {
  if (!envelope) throw new Error('no envelope');
  return envelope.result;
}

/** `oauthClientInfo`: 42001 / 42002 for an unknown client or redirect_uri. */
export async function fetchClientInfo(request: OAuthAuthorizeQuery): Promise<OAuthClientInfo> {
  const { client_id, redirect_uri, scope } = request;
  return resultOf(await api.call(endpoints.oauthClientInfo, { client_id, redirect_uri, scope }, quiet));
}

/** `oauthPreAuthorize`: 0 → the consent page; 10006 → log in first. */
export async function preAuthorize(request: OAuthAuthorizeQuery): Promise<OAuthPreAuthorize> {
  return resultOf(await api.call(endpoints.oauthPreAuthorize, request, quiet));
}

/** `oauthAuthorize`: with consent on record, `redirect_to` carries a fresh code. */
export async function authorize(request: OAuthAuthorizeQuery): Promise<OAuthAuthorizeResult> {
  return resultOf(await api.call(endpoints.oauthAuthorize, request, quiet));
}

/** `oauthConfirm`: the user's decision → where the browser goes next. */
export async function confirmAuth(
  request: OAuthAuthorizeQuery,
  decision: OAuthConfirmRequest['decision'],
): Promise<string> {
  const body: OAuthConfirmRequest = { ...request, decision };
  return resultOf(await api.call(endpoints.oauthConfirm, body, quiet)).redirect_to;
}
