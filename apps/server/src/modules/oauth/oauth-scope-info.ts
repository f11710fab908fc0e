import {
  oauthScopeTextKey,
  type OAuthClientSummary,
  type OAuthScope,
  type OAuthScopeInfo,
} from '@gatehouse/contract';
import type { OAuthClient } from './oauth-clients.repository.js';

/** Scope names with the locale key of their plain-words text, in the catalogue's order. */
export function scopeInfos(scopes: readonly OAuthScope[]): OAuthScopeInfo[] {
  return scopes.map((name) => ({ name, text_key: oauthScopeTextKey(name) }));
}

export function clientSummary(client: OAuthClient): OAuthClientSummary {
  return { client_id: client.clientId, name: client.name, logo_url: client.logoUrl };
}
