import * as oauth from 'oauth4webapi';
import { DEMO_CLIENT_ID, DEMO_CLIENT_PATH } from './oauth-demo-seed.js';

/**
 * The demo OAuth client's side of the protocol, written as any third-party app would write it with
 * oauth4webapi (docs/oauth.md "Writing a client"): it knows Gatehouse only by its issuer URL and
 * talks to it over HTTP, so it exercises discovery, PKCE, state, `iss` and the token and userinfo
 * endpoints exactly as an outside app does.
 */

export const DEMO_SCOPE = 'profile email offline_access';
const client: oauth.Client = { client_id: DEMO_CLIENT_ID };

/** Plain http is allowed for loopback issuers only (development); anything else must be https. */
function isLoopback(url: URL): boolean {
  const host = url.hostname;
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';
}

function requestOptions(issuer: URL): { [oauth.allowInsecureRequests]?: boolean } {
  return isLoopback(issuer) ? { [oauth.allowInsecureRequests]: true } : {};
}

export function redirectUriFor(issuer: URL): string {
  return `${issuer.origin}${DEMO_CLIENT_PATH}/callback`;
}

/** RFC 8414 discovery; processDiscoveryResponse checks that the metadata names this very issuer. */
async function discover(issuer: URL): Promise<oauth.AuthorizationServer> {
  const response = await oauth.discoveryRequest(issuer, { ...requestOptions(issuer), algorithm: 'oauth2' });
  return oauth.processDiscoveryResponse(issuer, response);
}

/** What the client keeps between sending the user away and their return (never sent to Gatehouse). */
export interface PendingSignIn {
  state: string;
  verifier: string;
}

/** Both values are base64url (oauth4webapi's generators), so a dot separates them unambiguously. */
export function encodePending(pending: PendingSignIn): string {
  return `${pending.state}.${pending.verifier}`;
}

export function decodePending(value: string | undefined): PendingSignIn | null {
  const match = /^([A-Za-z0-9_-]{16,128})\.([A-Za-z0-9_-]{43,128})$/.exec(value ?? '');
  return match?.[1] && match[2] ? { state: match[1], verifier: match[2] } : null;
}

/** The authorization request: S256 challenge of a fresh verifier, a fresh state, the demo's scopes. */
export async function startSignIn(issuer: URL): Promise<{ location: string; pending: PendingSignIn }> {
  const as = await discover(issuer);
  if (!as.authorization_endpoint) throw new Error('the issuer announces no authorization endpoint');
  const pending = { state: oauth.generateRandomState(), verifier: oauth.generateRandomCodeVerifier() };
  const url = new URL(as.authorization_endpoint);
  url.searchParams.set('client_id', client.client_id);
  url.searchParams.set('redirect_uri', redirectUriFor(issuer));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', DEMO_SCOPE);
  url.searchParams.set('state', pending.state);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(pending.verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return { location: url.href, pending };
}

export type SignInOutcome =
  | {
      kind: 'signed-in';
      /** The token's subject: the Gatehouse account id. */
      subject: string;
      /** The scopes the token carries (space-separated, as granted). */
      scope: string;
      refreshToken: boolean;
      expiresIn: number | undefined;
      vagueEmail: string | null;
      email: string | null;
    }
  /** Gatehouse answered with an RFC 6749 error, e.g. `access_denied` when the user declined. */
  | { kind: 'authorization-error'; error: string; description: string | null }
  /** The response is not one this client may accept (wrong state or issuer, no code). */
  | { kind: 'invalid-response'; message: string }
  /** The code exchange or userinfo call failed. */
  | { kind: 'token-error'; message: string };

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The callback: validate the authorization response against the pending request (state, and `iss`
 * per RFC 9207, which the metadata announces), then exchange the code with the PKCE verifier and
 * ask userinfo who it is.
 */
export async function finishSignIn(
  issuer: URL,
  callbackUrl: URL,
  pending: PendingSignIn,
): Promise<SignInOutcome> {
  const as = await discover(issuer);
  let params: URLSearchParams;
  try {
    params = oauth.validateAuthResponse(as, client, callbackUrl, pending.state);
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) {
      return {
        kind: 'authorization-error',
        error: error.error,
        description: error.error_description ?? null,
      };
    }
    return { kind: 'invalid-response', message: error instanceof Error ? error.message : String(error) };
  }
  try {
    const options = requestOptions(issuer);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        params,
        redirectUriFor(issuer),
        pending.verifier,
        options,
      ),
    );
    const info = await oauth.processUserInfoResponse(
      as,
      client,
      oauth.skipSubjectCheck,
      await oauth.userInfoRequest(as, client, tokens.access_token, options),
    );
    return {
      kind: 'signed-in',
      subject: info.sub,
      scope: tokens.scope ?? '',
      refreshToken: typeof tokens.refresh_token === 'string',
      expiresIn: tokens.expires_in,
      vagueEmail: text(info.vague_email),
      email: text(info.email),
    };
  } catch (error) {
    const message =
      error instanceof oauth.ResponseBodyError
        ? `${error.error}${error.error_description ? `: ${error.error_description}` : ''}`
        : error instanceof Error
          ? error.message
          : String(error);
    return { kind: 'token-error', message };
  }
}
