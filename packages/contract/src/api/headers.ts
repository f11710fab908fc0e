/**
 * API base path and the request headers of spec §3/§7, named once for server and web.
 * Header names are case-insensitive on the wire; Node lower-cases them, so the server reads
 * the `*_LC` forms.
 */
export const API_BASE = '/x-api';

export const HEADER = {
  USER_TOKEN: 'UserToken',
  GUID: 'Guid',
  LANG: 'Lang',
  /** Always sent by the client (`pc`); also the CSRF proof, since a cross-site form cannot set it. */
  PLATFORM: 'platform',
  TX_ID: 'tx-id',
  ENTRY: 'entry',
  X_USER_AGENT: 'X-User-Agent',
  TG_TOKEN: 'TgToken',
  /**
   * Gatehouse addition: `header` asks the server to return a new session token in the envelope
   * `token` field (clients that cannot use the HttpOnly cookie, e.g. the Telegram mini app in a
   * cross-site frame). Without it the token travels only in the cookie.
   */
  SESSION_TRANSPORT: 'X-Session-Transport',
  /**
   * Gatehouse addition: the sign-up flow's binding for clients with header transport (above), which
   * get it as `result.signup_binding` when a flow starts. Everyone else carries it in an HttpOnly
   * cookie (docs/flows/registration.md, "Bound to the browser").
   */
  SIGNUP_BINDING: 'X-Signup-Binding',
} as const;

export const SESSION_TRANSPORT_HEADER_VALUE = 'header';
