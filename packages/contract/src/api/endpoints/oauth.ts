import type { emptyQuerySchema } from '../health.js';
import type {
  oauthAuthorizeQuerySchema,
  oauthAuthorizeResultSchema,
  oauthAuthorizedAppsResultSchema,
  oauthClientInfoQuerySchema,
  oauthClientInfoResultSchema,
  oauthConfirmRequestSchema,
  oauthLogoutRequestSchema,
  oauthPreAuthorizeResultSchema,
  oauthRedirectResultSchema,
  oauthRevokeAppRequestSchema,
  oauthRevokeAppResultSchema,
} from '../oauth.js';
import { SCHEMA_TYPES, type Endpoint } from '../endpoint.js';
import { OAUTH_AUTHORIZE_PATH } from '../client-paths.js';
import { NO_STORE, OAUTH_REQUEST, type Io } from './shared.js';

// ── OAuth for third-party apps (docs/oauth.md) ───────────────────────────────────────────────

export const oauthClientInfo = {
  method: 'GET',
  path: '/oauth/v1/public/client_info',
  public: true,
  cache: NO_STORE,
  codes: ['OAuthClientInvalid', 'OAuthRedirectUriInvalid', 'OAuthScopeInvalid'],
  schemas: SCHEMA_TYPES as Io<typeof oauthClientInfoQuerySchema, typeof oauthClientInfoResultSchema>,
} as const satisfies Endpoint;

export const oauthPreAuthorize = {
  method: 'GET',
  path: '/oauth/v1/private/pre_authorize',
  public: false,
  cache: NO_STORE,
  codes: OAUTH_REQUEST,
  schemas: SCHEMA_TYPES as Io<typeof oauthAuthorizeQuerySchema, typeof oauthPreAuthorizeResultSchema>,
} as const satisfies Endpoint;

export const oauthConfirm = {
  method: 'POST',
  path: '/oauth/v1/private/confirm_auth',
  public: false,
  cache: NO_STORE,
  codes: [...OAUTH_REQUEST, 'OAuthRequestExpired'],
  schemas: SCHEMA_TYPES as Io<typeof oauthConfirmRequestSchema, typeof oauthRedirectResultSchema>,
} as const satisfies Endpoint;

export const oauthAuthorize = {
  method: 'GET',
  path: OAUTH_AUTHORIZE_PATH,
  public: false,
  cache: NO_STORE,
  codes: OAUTH_REQUEST,
  schemas: SCHEMA_TYPES as Io<typeof oauthAuthorizeQuerySchema, typeof oauthAuthorizeResultSchema>,
} as const satisfies Endpoint;

export const oauthAuthorizedApps = {
  method: 'GET',
  path: '/oauth/v1/private/authorized-apps',
  public: false,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof emptyQuerySchema, typeof oauthAuthorizedAppsResultSchema>,
} as const satisfies Endpoint;

export const oauthRevokeApp = {
  method: 'POST',
  path: '/oauth/v1/private/revoke-app',
  public: false,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof oauthRevokeAppRequestSchema, typeof oauthRevokeAppResultSchema>,
} as const satisfies Endpoint;

/** Public: logging out of an app works (and answers its post-logout target) with or without a session. */
export const oauthLogout = {
  method: 'POST',
  path: '/oauth/v1/private/logout',
  public: true,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof oauthLogoutRequestSchema, typeof oauthRedirectResultSchema>,
} as const satisfies Endpoint;
