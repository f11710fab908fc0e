import crypto from 'node:crypto';

/**
 * A fake OpenID issuer for the server tests, reached through the OpenID clients' `fetch` (no
 * network): discovery, JWKS, and a token endpoint that checks the code (once), PKCE and the
 * client secret, then signs an id_token with RS256. `next` lets a test tamper with the next token
 * (another key, issuer, audience, expiry, nonce) to prove each check refuses it. Test-only.
 */
export interface FakeUser {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
}

interface IssuedCode {
  user: FakeUser;
  nonce: string;
  challenge: string;
  redirectUri: string;
  clientId: string;
}

export interface Tamper {
  signWithOtherKey?: boolean;
  iss?: string;
  aud?: string;
  expInSec?: number;
  nonce?: string;
}

const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');

export function createFakeIssuer(issuer: string, client: { clientId: string; clientSecret: string }) {
  const key = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = 'fake-key-1';
  const codes = new Map<string, IssuedCode>();
  const used = new Set<string>();
  let next: Tamper = {};

  const sign = (claims: object, privateKey: crypto.KeyObject) => {
    const input = `${b64({ alg: 'RS256', kid, typ: 'JWT' })}.${b64(claims)}`;
    return `${input}.${crypto.sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
  };

  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  const fetchImpl = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.href === `${issuer}/.well-known/openid-configuration`) {
      return json({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (url.href === `${issuer}/jwks`) {
      return json({ keys: [{ ...key.publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] });
    }
    if (url.href === `${issuer}/token`) {
      const form = new URLSearchParams(String(init?.body ?? ''));
      const code = form.get('code') ?? '';
      const issued = codes.get(code);
      if (!issued || used.has(code)) return json({ error: 'invalid_grant' }, 400);
      used.add(code);
      if (form.get('client_id') !== client.clientId || form.get('client_secret') !== client.clientSecret)
        return json({ error: 'invalid_client' }, 401);
      const challenge = crypto
        .createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url');
      if (challenge !== issued.challenge || form.get('redirect_uri') !== issued.redirectUri)
        return json({ error: 'invalid_grant' }, 400);
      const tamper = next;
      next = {};
      const now = Math.floor(Date.now() / 1000);
      const idToken = sign(
        {
          iss: tamper.iss ?? issuer,
          aud: tamper.aud ?? issued.clientId,
          sub: issued.user.sub,
          iat: now,
          exp: now + (tamper.expInSec ?? 600),
          nonce: tamper.nonce ?? issued.nonce,
          ...(issued.user.email !== undefined ? { email: issued.user.email } : {}),
          ...(issued.user.email_verified !== undefined ? { email_verified: issued.user.email_verified } : {}),
          ...(issued.user.name !== undefined ? { name: issued.user.name } : {}),
        },
        tamper.signWithOtherKey ? other.privateKey : key.privateKey,
      );
      return json({
        access_token: crypto.randomUUID(),
        token_type: 'Bearer',
        expires_in: 600,
        id_token: idToken,
      });
    }
    return json({ error: 'not_found' }, 404);
  };

  return {
    fetch: fetchImpl as typeof fetch,
    /** The person signs in at the "provider": a code for this authorization URL. */
    authorize(authorizeUrl: string, user: FakeUser): { code: string; state: string } {
      const url = new URL(authorizeUrl);
      const code = crypto.randomBytes(16).toString('base64url');
      codes.set(code, {
        user,
        nonce: url.searchParams.get('nonce') ?? '',
        challenge: url.searchParams.get('code_challenge') ?? '',
        redirectUri: url.searchParams.get('redirect_uri') ?? '',
        clientId: url.searchParams.get('client_id') ?? '',
      });
      return { code, state: url.searchParams.get('state') ?? '' };
    },
    /** Tamper with the next id_token only. */
    tamperNext(t: Tamper) {
      next = t;
    },
  };
}

/** Both fake issuers behind one fetch, as the app's `socialFetch`. */
export function fakeIssuers() {
  const client = { clientId: 'gatehouse-test', clientSecret: 'test-secret' };
  const google = createFakeIssuer('https://google.test', client);
  const apple = createFakeIssuer('https://apple.test', client);
  const fetchBoth = ((input: string | URL | Request, init?: RequestInit) => {
    const href = input instanceof Request ? input.url : String(input);
    return (href.startsWith('https://apple.test') ? apple : google).fetch(input, init);
  }) as typeof fetch;
  const env = {
    GOOGLE_CLIENT_ID: client.clientId,
    GOOGLE_CLIENT_SECRET: client.clientSecret,
    GOOGLE_ISSUER: 'https://google.test',
    APPLE_CLIENT_ID: client.clientId,
    APPLE_CLIENT_SECRET: client.clientSecret,
    APPLE_ISSUER: 'https://apple.test',
  };
  return { google, apple, fetch: fetchBoth, env };
}
