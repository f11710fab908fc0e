import * as endpoints from '@gatehouse/contract/endpoints/oauth';
import type { OAuthAuthorizedApps, OAuthLogoutRequest } from '@gatehouse/contract';
import { api } from '../../api';
import { clearResponseCache } from '../../api/cache/response-cache';
import { announceLogout } from '../../api/session-events';
import { quiet, resultOf } from './oauth-api';

/** The OAuth calls about the account's apps and its session (docs/oauth.md); see oauth-api.ts. */

/** `oauthLogout`: ends the session → the app's registered post-logout target, or `/`. */
export async function oauthLogout(body: OAuthLogoutRequest): Promise<string> {
  try {
    return resultOf(await api.call(endpoints.oauthLogout, body, quiet)).redirect_to;
  } finally {
    // Cached answers (the profile) belong to the account that just left; the other tabs go with it.
    await clearResponseCache();
    announceLogout();
  }
}

/** `oauthAuthorizedApps` (the dashboard's list). */
export async function fetchAuthorizedApps(): Promise<OAuthAuthorizedApps['apps']> {
  return resultOf(await api.call(endpoints.oauthAuthorizedApps, {}, quiet)).apps;
}

/** `oauthRevokeApp`: forgets the consent and ends the app's tokens (idempotent). */
export async function revokeApp(clientId: string): Promise<void> {
  resultOf(await api.call(endpoints.oauthRevokeApp, { client_id: clientId }, quiet));
}
