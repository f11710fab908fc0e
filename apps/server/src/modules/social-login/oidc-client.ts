import { sign } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import type { SocialProvider } from '@gatehouse/contract';
import type { OidcProviderConfig } from './social-config.js';

/**
 * Why an OpenID login failed, mapped to a ret_code by the service: `state` (missing, mismatched
 * or not ours: 40007), `token` (the code exchange or the id_token check failed: 40005), `denied`
 * (the person cancelled at the provider: 40005), `unreachable` (discovery or JWKS: 40005).
 */
export class OidcFailure extends Error {
  constructor(
    readonly reason: 'state' | 'token' | 'denied' | 'unreachable',
    message: string,
  ) {
    super(message);
    this.name = 'OidcFailure';
  }
}

/** What a verified id_token says about the person. */
export interface VerifiedClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
}

export interface CodeExchange {
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcClientOptions {
  /** Tests and the in-process stand-in: where HTTP calls to the issuer go. */
  fetch?: typeof fetch;
  now?: () => number;
}

const SCOPES: Record<SocialProvider, string> = {
  google: 'openid email profile',
  // Apple's scopes are `name email`; `openid` is implied by Apple and needed by other issuers.
  apple: 'openid name email',
};

/** Apple's client secret: an ES256 JWT signed with the team's key, valid a few minutes (Apple's docs). */
export function appleClientSecret(
  cfg: Pick<OidcProviderConfig, 'clientId' | 'appleKey' | 'issuer'>,
  nowMs: number,
): string {
  if (!cfg.appleKey) throw new Error('no Apple key configured');
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const iat = Math.floor(nowMs / 1000);
  const input = `${b64({ alg: 'ES256', kid: cfg.appleKey.keyId })}.${b64({
    iss: cfg.appleKey.teamId,
    iat,
    exp: iat + 300,
    aud: cfg.issuer,
    sub: cfg.clientId,
  })}`;
  const signature = sign('sha256', Buffer.from(input), {
    key: cfg.appleKey.privateKeyPem,
    dsaEncoding: 'ieee-p1363',
  });
  return `${input}.${signature.toString('base64url')}`;
}

const claimString = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
/** Apple sends `email_verified` as the string "true" in some versions. */
const claimTrue = (v: unknown): boolean => v === true || v === 'true';

/**
 * One OpenID provider through oauth4webapi (a certified relying-party library): discovery (cached),
 * the authorization URL with PKCE (S256), state and nonce, and the code exchange whose id_token is
 * checked for `iss`, `aud`, `exp`, `iat`, `nonce` (processAuthorizationCodeResponse) and for its
 * signature against the issuer's JWKS (validateApplicationLevelSignature): we verify the signature
 * too, although the token came over TLS, so that a stand-in or a proxy on the way cannot mint one.
 */
export function createOidcClient(cfg: OidcProviderConfig, opts: OidcClientOptions = {}) {
  const issuer = new URL(cfg.issuer);
  const now = opts.now ?? Date.now;
  const http = {
    ...(opts.fetch ? { [oauth.customFetch]: opts.fetch } : {}),
    ...(cfg.insecureHttp ? { [oauth.allowInsecureRequests]: true } : {}),
  };
  const httpOptions = () => ({ ...http, signal: AbortSignal.timeout(10_000) });
  const client: oauth.Client = { client_id: cfg.clientId };
  const jwks: oauth.JWKSCacheInput = {};

  let discovered: Promise<oauth.AuthorizationServer> | null = null;
  const server = (): Promise<oauth.AuthorizationServer> => {
    discovered ??= (async () => {
      const res = await oauth.discoveryRequest(issuer, { ...httpOptions(), algorithm: 'oidc' });
      return oauth.processDiscoveryResponse(issuer, res);
    })().catch((err: unknown) => {
      discovered = null;
      throw new OidcFailure('unreachable', `discovery failed: ${(err as Error).message}`);
    });
    return discovered;
  };

  const clientAuth = (): oauth.ClientAuth =>
    cfg.appleKey
      ? oauth.ClientSecretPost(appleClientSecret(cfg, now()))
      : oauth.ClientSecretPost(cfg.clientSecret ?? '');

  return {
    provider: cfg.provider,
    /** Apple answers with a form POST (it must, when name or email is asked for). */
    formPost: cfg.provider === 'apple',

    async authorizationUrl(req: AuthorizationRequest): Promise<string> {
      const as = await server();
      if (!as.authorization_endpoint) throw new OidcFailure('unreachable', 'no authorization_endpoint');
      const url = new URL(as.authorization_endpoint);
      url.searchParams.set('client_id', cfg.clientId);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('redirect_uri', req.redirectUri);
      url.searchParams.set('scope', SCOPES[cfg.provider]);
      url.searchParams.set('state', req.state);
      url.searchParams.set('nonce', req.nonce);
      url.searchParams.set('code_challenge', req.codeChallenge);
      url.searchParams.set('code_challenge_method', 'S256');
      if (cfg.provider === 'apple') url.searchParams.set('response_mode', 'form_post');
      return url.href;
    },

    /** The callback's parameters → verified claims; throws OidcFailure. */
    async exchange(params: URLSearchParams, expected: CodeExchange): Promise<VerifiedClaims> {
      const as = await server();
      let callback: URLSearchParams;
      try {
        callback = oauth.validateAuthResponse(as, client, params, expected.state);
      } catch (err) {
        if (err instanceof oauth.AuthorizationResponseError)
          throw new OidcFailure('denied', `provider answered ${err.error}`);
        throw new OidcFailure('state', (err as Error).message);
      }
      let claims: oauth.IDToken | undefined;
      try {
        const res = await oauth.authorizationCodeGrantRequest(
          as,
          client,
          clientAuth(),
          callback,
          expected.redirectUri,
          expected.codeVerifier,
          httpOptions(),
        );
        const tokens = await oauth.processAuthorizationCodeResponse(as, client, res, {
          expectedNonce: expected.nonce,
          requireIdToken: true,
        });
        await oauth.validateApplicationLevelSignature(as, res, { ...httpOptions(), [oauth.jwksCache]: jwks });
        claims = oauth.getValidatedIdTokenClaims(tokens);
      } catch (err) {
        throw new OidcFailure('token', (err as Error).message);
      }
      if (!claims) throw new OidcFailure('token', 'no id_token');
      return {
        subject: claims.sub,
        email: claimString(claims['email']),
        emailVerified: claimTrue(claims['email_verified']),
        name: claimString(claims['name']),
      };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
