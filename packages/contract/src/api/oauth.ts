import { z } from 'zod';
import { userIdSchema } from './account.js';

/**
 * OAuth 2.0 authorization (spec §1 "Third-party apps ask for OAuth authorization", §2 OAuth routes,
 * §7 OAuth calls). The envelope calls the web app makes live under the API base; the protocol
 * endpoints an OAuth client calls (token, revocation, userinfo, metadata) speak RFC 6749 JSON and
 * live outside it. Server: apps/server/src/modules/oauth; docs/oauth.md.
 */

/**
 * The scopes Gatehouse grants. Each is shown to the user in plain words under the locale key
 * `oauth.scope.<name>` (namespace of the web's OAuth pages).
 * - `profile`: the account id and the masked e-mail / mobile;
 * - `email`: the full e-mail address;
 * - `offline_access`: a refresh token, so the app keeps access while the user is away.
 */
export const OAUTH_SCOPES = ['profile', 'email', 'offline_access'] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

/** Asked for when the request names no scope (RFC 6749 §3.3 lets the server pick a default). */
export const OAUTH_DEFAULT_SCOPE: OAuthScope = 'profile';

export function isOAuthScope(name: string): name is OAuthScope {
  return (OAUTH_SCOPES as readonly string[]).includes(name);
}

/** The i18n key of a scope's plain-words description. */
export function oauthScopeTextKey(scope: OAuthScope): `oauth.scope.${OAuthScope}` {
  return `oauth.scope.${scope}`;
}

/** PKCE (RFC 7636): the only method accepted. `plain` is refused (RFC 9700 §2.1.1). */
export const PKCE_METHOD = 'S256';
/** base64url(SHA-256(verifier)) is always 43 characters. */
export const CODE_CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
export const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;

/** Longest `state` passed through unchanged; longer ones are refused, not cut. */
export const OAUTH_STATE_MAX_LENGTH = 2048;
const URI_MAX = 2048;

/** A scope entry as the consent screen shows it. */
export const oauthScopeInfoSchema = z.object({
  name: z.enum(OAUTH_SCOPES),
  /** Locale key of its plain-words text, `oauth.scope.<name>`. */
  text_key: z.string(),
});
export type OAuthScopeInfo = z.infer<typeof oauthScopeInfoSchema>;

export const oauthClientSummarySchema = z.object({
  client_id: z.string(),
  name: z.string(),
  logo_url: z.string().nullable(),
});
export type OAuthClientSummary = z.infer<typeof oauthClientSummarySchema>;

/**
 * The authorization request's query fields (spec §2 "Query parameters read": client_id,
 * response_type, redirect_uri, scope, state; plus PKCE). Kept loose here (strings of bounded
 * length) so the server can tell each failure apart and answer it the way RFC 6749 §4.1.2.1 wants:
 * a bad client or redirect_uri never redirects; anything else goes back to the client as `error=`.
 */
export const oauthAuthorizeQuerySchema = z.object({
  client_id: z.string().max(128),
  redirect_uri: z.string().max(URI_MAX),
  response_type: z.string().max(64).optional(),
  scope: z.string().max(512).optional(),
  state: z.string().max(OAUTH_STATE_MAX_LENGTH).optional(),
  code_challenge: z.string().max(256).optional(),
  code_challenge_method: z.string().max(16).optional(),
});
export type OAuthAuthorizeQuery = z.infer<typeof oauthAuthorizeQuerySchema>;

/** `GET /oauth/v1/public/client_info?client_id&redirect_uri[&scope]`. */
export const oauthClientInfoQuerySchema = z.object({
  client_id: z.string().max(128),
  redirect_uri: z.string().max(URI_MAX),
  /** When given, `scopes` lists these (validated); otherwise every scope the client may ask for. */
  scope: z.string().max(512).optional(),
});
export const oauthClientInfoResultSchema = oauthClientSummarySchema.extend({
  scopes: z.array(oauthScopeInfoSchema),
});
export type OAuthClientInfo = z.infer<typeof oauthClientInfoResultSchema>;

/** `GET /oauth/v1/private/pre_authorize?<authorization request>`: ret_code 0 → go to /{lang}/oauth-authorized. */
export const oauthPreAuthorizeResultSchema = z.object({
  /** False when the user already granted every requested scope to this client. */
  consent_required: z.boolean(),
  client: oauthClientSummarySchema,
  scopes: z.array(oauthScopeInfoSchema),
  /** The account the app will act for. */
  account: z.object({
    id: userIdSchema,
    vague_email: z.string().nullable(),
    vague_mobile: z.string().nullable(),
  }),
});
export type OAuthPreAuthorize = z.infer<typeof oauthPreAuthorizeResultSchema>;

/** `POST /oauth/v1/private/confirm_auth`: the request fields plus the user's decision. */
export const oauthConfirmRequestSchema = oauthAuthorizeQuerySchema.extend({
  decision: z.enum(['accept', 'decline']),
});
export type OAuthConfirmRequest = z.infer<typeof oauthConfirmRequestSchema>;

/** Where to send the browser: the client's redirect_uri with `code` (or `error`), `state`, `iss`. */
export const oauthRedirectResultSchema = z.object({ redirect_to: z.string() });
export type OAuthRedirectResult = z.infer<typeof oauthRedirectResultSchema>;

/** `GET /oauth/v1/private/authorize?<authorization request>`. */
export const oauthAuthorizeResultSchema = z.object({
  /** True: no earlier consent covers these scopes; show the consent screen. */
  consent_required: z.boolean(),
  /** With consent on record: the redirect carrying a fresh code. Null when consent is required. */
  redirect_to: z.string().nullable(),
});
export type OAuthAuthorizeResult = z.infer<typeof oauthAuthorizeResultSchema>;

/**
 * `result` of an OAuth ret_code error (42001–42006). `redirect_to` is set only once client_id and
 * redirect_uri are known to belong together: then the web may send the user back to the app with
 * the RFC 6749 `error`. Without it the web shows the error itself and never redirects.
 */
export const oauthErrorResultSchema = z.object({
  error: z.string(),
  redirect_to: z.string().nullable(),
});
export type OAuthErrorResult = z.infer<typeof oauthErrorResultSchema>;

/** `GET /oauth/v1/private/authorized-apps`: the account page's list. */
export const oauthAuthorizedAppsResultSchema = z.object({
  apps: z.array(
    oauthClientSummarySchema.extend({
      scopes: z.array(oauthScopeInfoSchema),
      /** Epoch ms of the first consent. */
      granted_at: z.number().int(),
      /** Epoch ms of the latest consent (a wider scope set, or asked again). */
      updated_at: z.number().int(),
    }),
  ),
});
export type OAuthAuthorizedApps = z.infer<typeof oauthAuthorizedAppsResultSchema>;

/** `POST /oauth/v1/private/revoke-app`: forget the consent and end every token of that app. */
export const oauthRevokeAppRequestSchema = z.object({ client_id: z.string().min(1).max(128) });
export const oauthRevokeAppResultSchema = z.object({
  /** False when there was nothing to revoke (the call is idempotent). */
  revoked: z.boolean(),
});

/** `POST /oauth/v1/private/logout` (the /oauth-log-out page): end the session, go back to the app. */
export const oauthLogoutRequestSchema = z
  .object({
    client_id: z.string().max(128).optional(),
    post_logout_redirect_uri: z.string().max(URI_MAX).optional(),
    state: z.string().max(OAUTH_STATE_MAX_LENGTH).optional(),
  })
  .nullish();
export type OAuthLogoutRequest = NonNullable<z.infer<typeof oauthLogoutRequestSchema>>;

// --- Protocol endpoints for OAuth clients (RFC JSON, outside the API base, no envelope). ---

/** Where the protocol endpoints live, relative to the issuer (the site origin). */
export const OAUTH_PATHS = {
  authorize: '/oauth/authorize',
  token: '/oauth/token',
  revoke: '/oauth/revoke',
  userinfo: '/oauth/userinfo',
  metadata: '/.well-known/oauth-authorization-server',
} as const;

/** `POST /oauth/token` success (RFC 6749 §5.1). */
export const oauthTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
  /** Only with the `offline_access` scope; rotates on every use. */
  refresh_token: z.string().optional(),
});
export type OAuthTokenResponse = z.infer<typeof oauthTokenResponseSchema>;

/** Every protocol error (RFC 6749 §5.2, RFC 6750 §3.1). */
export const oauthProtocolErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});

/** `GET /oauth/userinfo` (Bearer). */
export const oauthUserinfoSchema = z.object({
  /** The account id, as a string. */
  sub: z.string(),
  scope: z.string(),
  /** With `profile`. */
  vague_email: z.string().nullable().optional(),
  vague_mobile: z.string().nullable().optional(),
  /** With `email`, when the account has one. */
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
});
export type OAuthUserinfo = z.infer<typeof oauthUserinfoSchema>;

/** `GET /.well-known/oauth-authorization-server` (RFC 8414). */
export const oauthMetadataSchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  revocation_endpoint: z.string(),
  userinfo_endpoint: z.string(),
  scopes_supported: z.array(z.string()),
  response_types_supported: z.array(z.string()),
  response_modes_supported: z.array(z.string()),
  grant_types_supported: z.array(z.string()),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  revocation_endpoint_auth_methods_supported: z.array(z.string()),
  code_challenge_methods_supported: z.array(z.string()),
  authorization_response_iss_parameter_supported: z.boolean(),
});
export type OAuthMetadata = z.infer<typeof oauthMetadataSchema>;
