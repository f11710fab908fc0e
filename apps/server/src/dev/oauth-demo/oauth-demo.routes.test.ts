import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { testApp, testConfig } from '../../test-support/test-app.js';
import devTools from '../dev-tools.plugin.js';
import { DEMO_CLIENT_ID, DEMO_CLIENT_PATH } from './oauth-demo-seed.js';
import { DEMO_COOKIE } from './oauth-demo.routes.js';

/**
 * The demo client talks to the authorization server over HTTP, as an outside app does, so the app
 * listens on a free port here and the browser's requests come "from" that origin via inject.
 */
let app: App;
let host: string;
let origin: string;
let session: string;
let userId: string;

beforeAll(async () => {
  app = await testApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  host = `localhost:${port}`;
  origin = `http://${host}`;
  // The seed registered the demo client for the configured port; add the one we really listen on.
  await app.oauth.stores.clients.addUris(
    DEMO_CLIENT_ID,
    [`${origin}${DEMO_CLIENT_PATH}/callback`],
    [`${origin}${DEMO_CLIENT_PATH}`],
  );
  const user = await app.accounts.create({
    email: 'demo.user@example.com',
    passwordHash: 'unused',
    lang: 'en',
    site: 'global',
  });
  userId = String(user.id);
  session = await app.sessions.create(user.id);
});
afterAll(async () => {
  await app?.close();
});

const get = (url: string, cookies: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { host }, cookies });

/** "Sign in with Gatehouse": the redirect and the pending cookie it set. */
async function start() {
  const res = await get(`${DEMO_CLIENT_PATH}/start`);
  expect(res.statusCode).toBe(303);
  const location = new URL(String(res.headers.location));
  const cookie = res.cookies.find((c) => c.name === DEMO_COOKIE);
  if (!cookie) throw new Error('no pending cookie');
  return { location, cookie };
}

/** The user's decision on the consent screen, as the web app sends it; returns where it sends the browser. */
async function decide(location: URL, decision: 'accept' | 'decline'): Promise<URL> {
  const res = await app.inject({
    method: 'POST',
    url: '/x-api/oauth/v1/private/confirm_auth',
    headers: { host, platform: 'pc' },
    cookies: { gh_session: session },
    payload: { ...Object.fromEntries(location.searchParams), decision },
  });
  const body = res.json<{ ret_code: number; result: { redirect_to: string } }>();
  expect(body.ret_code).toBe(0);
  return new URL(body.result.redirect_to);
}

describe('demo OAuth client', () => {
  it('offers "Sign in with Gatehouse" and no inline script', async () => {
    const res = await get(DEMO_CLIENT_PATH);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`href="${DEMO_CLIENT_PATH}/start"`);
    expect(res.body).toContain('Sign in with Gatehouse');
    expect(res.body).not.toContain('<script');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('starts at the discovered authorization endpoint with an S256 challenge and a state', async () => {
    const { location, cookie } = await start();
    expect(`${location.origin}${location.pathname}`).toBe(`${origin}/oauth/authorize`);
    const q = location.searchParams;
    expect(q.get('client_id')).toBe(DEMO_CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(`${origin}${DEMO_CLIENT_PATH}/callback`);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('profile email offline_access');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')?.length).toBeGreaterThanOrEqual(16);
    // The verifier stays with the client: in an HttpOnly cookie of its own path, never in the URL.
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.path).toBe(DEMO_CLIENT_PATH);
    expect(cookie.sameSite).toBe('Lax');
    const [state, verifier] = cookie.value.split('.');
    expect(state).toBe(q.get('state'));
    expect(location.href).not.toContain(verifier ?? 'no verifier');
  });

  it('accept → exchanges the code and shows the subject and the scopes', async () => {
    const { location, cookie } = await start();
    const back = await decide(location, 'accept');
    expect(back.searchParams.get('iss')).toBe(origin);
    const res = await get(`${back.pathname}${back.search}`, { [DEMO_COOKIE]: cookie.value });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`Token subject: <code>${userId}</code>`);
    expect(res.body).toContain('<code>offline_access</code>');
    // The `email` scope: userinfo answered the full address.
    expect(res.body).toContain('demo.user@example.com');
    // The pending sign-in is spent.
    expect(res.cookies.find((c) => c.name === DEMO_COOKIE)?.value).toBe('');
  });

  it('decline → shows access_denied', async () => {
    const { location, cookie } = await start();
    const back = await decide(location, 'decline');
    const res = await get(`${back.pathname}${back.search}`, { [DEMO_COOKIE]: cookie.value });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<code>access_denied</code>');
    expect(res.body).not.toContain('Token subject');
  });

  it('refuses a response whose state is not the pending one', async () => {
    const { location, cookie } = await start();
    const back = await decide(location, 'accept');
    back.searchParams.set('state', 'x'.repeat(43));
    const res = await get(`${back.pathname}${back.search}`, { [DEMO_COOKIE]: cookie.value });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('The response was refused');
    expect(res.body).not.toContain('Token subject');
  });

  it('refuses a response with another issuer (RFC 9207 mix-up defence)', async () => {
    const { location, cookie } = await start();
    const back = await decide(location, 'accept');
    back.searchParams.set('iss', 'http://evil.localhost');
    const res = await get(`${back.pathname}${back.search}`, { [DEMO_COOKIE]: cookie.value });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('Token subject');
  });

  it('refuses a callback without a pending sign-in in this browser', async () => {
    const { location } = await start();
    const back = await decide(location, 'accept');
    const res = await get(`${back.pathname}${back.search}`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('No sign-in is in progress');
  });

  it('escapes what it echoes', async () => {
    const { cookie } = await start();
    const state = cookie.value.split('.')[0] ?? '';
    const res = await get(
      `${DEMO_CLIENT_PATH}/callback?error=access_denied&error_description=${encodeURIComponent('<b>x</b>')}&state=${state}&iss=${encodeURIComponent(origin)}`,
      { [DEMO_COOKIE]: cookie.value },
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(res.body).not.toContain('<b>x</b>');
  });
});

describe('in production', () => {
  it('does not exist', async () => {
    const prod = Fastify();
    await prod.register(devTools, { config: testConfig({ NODE_ENV: 'production' }) });
    try {
      expect((await prod.inject({ url: DEMO_CLIENT_PATH, headers: { host: 'localhost' } })).statusCode).toBe(
        404,
      );
      expect(
        (await prod.inject({ url: `${DEMO_CLIENT_PATH}/start`, headers: { host: 'localhost' } })).statusCode,
      ).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
