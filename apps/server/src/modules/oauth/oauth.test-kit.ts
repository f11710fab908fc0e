import { createHash, randomBytes } from 'node:crypto';
import type { OAuthScope } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { testApp } from '../../test-support/test-app.js';
import type { Account } from '../accounts/accounts.repository.js';

/**
 * Helpers for the OAuth tests: a logged-in user (session made directly, the login flow has its
 * own tests), registered clients, PKCE pairs, and the calls a client and the web would make.
 * Test-only; nothing in the app imports it.
 */

export const HOST = 'localhost:3000';
export const ISSUER = `http://${HOST}`;
export const REDIRECT = 'https://app.example/callback';
export const PUBLIC_REDIRECT = 'http://localhost:4000/cb';

export interface Kit {
  app: App;
  user: Account;
  cookie: string;
  /** Confidential client (secret). */
  client: { id: string; secret: string };
  /** Public client (PKCE only). */
  publicId: string;
}

/** The kit on a fresh test app, or on `given` (another store, e.g. PostgreSQL shared by two apps). */
export async function setup(given?: App): Promise<Kit> {
  const app = given ?? (await testApp());
  // No password needed: the session is made directly.
  const user = await app.accounts.create({
    email: 'ann.lee@example.com',
    passwordHash: 'unused',
    lang: 'en',
    site: 'global',
  });
  const cookie = await app.sessions.create(user.id);
  const now = Date.now();
  const confidential = await app.oauth.stores.clients.add(
    {
      name: 'Acme Portfolio',
      logoUrl: 'https://app.example/logo.png',
      redirectUris: [REDIRECT, 'https://app.example/cb?tenant=1'],
      postLogoutRedirectUris: ['https://app.example/bye'],
      scopes: ['profile', 'email', 'offline_access'],
      isPublic: false,
    },
    now,
  );
  const pub = await app.oauth.stores.clients.add(
    {
      name: 'Pocket',
      redirectUris: [PUBLIC_REDIRECT],
      scopes: ['profile', 'offline_access'],
      isPublic: true,
    },
    now,
  );
  return {
    app,
    user,
    cookie,
    client: { id: confidential.client.clientId, secret: confidential.secret ?? '' },
    publicId: pub.client.clientId,
  };
}

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export function authRequest(
  clientId: string,
  challenge: string,
  extra: Partial<Record<string, string>> = {},
): Record<string, string> {
  const out: Record<string, string> = {
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'profile email offline_access',
    state: 'st-123',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  };
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return out;
}

export const qs = (query: Record<string, string>) => new URLSearchParams(query).toString();

/** GET an API path as the web does (logged in unless cookie is null). */
export function apiGet(
  kit: Kit,
  path: string,
  query: Record<string, string>,
  cookie: string | null = kit.cookie,
) {
  return kit.app.inject({
    method: 'GET',
    url: `/x-api${path}?${qs(query)}`,
    headers: { host: HOST, platform: 'pc' },
    ...(cookie ? { cookies: { gh_session: cookie } } : {}),
  });
}

export function apiPost(kit: Kit, path: string, body: unknown, cookie: string | null = kit.cookie) {
  return kit.app.inject({
    method: 'POST',
    url: `/x-api${path}`,
    payload: body as Record<string, unknown>,
    headers: { host: HOST, platform: 'pc' },
    ...(cookie ? { cookies: { gh_session: cookie } } : {}),
  });
}

/** Accept on the consent screen; returns the redirect URL the web would navigate to. */
export async function accept(kit: Kit, request: Record<string, string>): Promise<URL> {
  const res = await apiPost(kit, '/oauth/v1/private/confirm_auth', { ...request, decision: 'accept' });
  const body = res.json<{ ret_code: number; result: { redirect_to: string } }>();
  if (body.ret_code !== 0) throw new Error(`confirm_auth failed: ${res.body}`);
  return new URL(body.result.redirect_to);
}

/** A fresh code for the confidential client with `scopes`. */
export async function codeFor(kit: Kit, scopes: OAuthScope[] = ['profile', 'email', 'offline_access']) {
  const { verifier, challenge } = pkce();
  const url = await accept(kit, authRequest(kit.client.id, challenge, { scope: scopes.join(' ') }));
  return { code: url.searchParams.get('code') ?? '', verifier };
}

/** POST a form to a protocol endpoint, authenticating as the confidential client (Basic) unless `auth` is null. */
export function postForm(
  kit: Kit,
  path: string,
  form: Record<string, string>,
  auth: string | null = basic(kit.client.id, kit.client.secret),
  host = HOST,
) {
  return kit.app.inject({
    method: 'POST',
    url: path,
    payload: qs(form),
    headers: {
      host,
      'content-type': 'application/x-www-form-urlencoded',
      ...(auth ? { authorization: auth } : {}),
    },
  });
}

export function basic(id: string, secret: string): string {
  const enc = (s: string) => encodeURIComponent(s);
  return `Basic ${Buffer.from(`${enc(id)}:${enc(secret)}`).toString('base64')}`;
}

export function exchange(kit: Kit, code: string, verifier: string, extra: Record<string, string> = {}) {
  return postForm(kit, '/oauth/token', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
    ...extra,
  });
}

export function userinfo(kit: Kit, accessToken: string) {
  return kit.app.inject({
    method: 'GET',
    url: '/oauth/userinfo',
    headers: { host: HOST, authorization: `Bearer ${accessToken}` },
  });
}
