import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import { buildApp, type App } from './app.js';
import { createAccount } from './modules/login/login.test-kit.js';
import { listenOnLoopback, rawRequest, type RawResponse } from './test-support/raw-http.js';
import { testConfig } from './test-support/test-app.js';

/**
 * The attack of issue "Hold under attack": a non-canonical spelling of an API path reached the
 * route while skipping every guard keyed on the literal prefix. Here the real server is attacked
 * over real sockets, each target written byte for byte.
 */

/** Spellings of `{path}` that are not the canonical one. */
function spellingsOf(path: string): string[] {
  const [, base = '', rest = ''] = /^\/([^/]+)\/(.*)$/.exec(path) ?? [];
  const first = rest.charAt(0);
  const hexOf = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`;
  return [
    `//${base}/${rest}`,
    `/${base}//${rest}`,
    `/${base.toUpperCase()}/${rest}`,
    `/${base}/./${rest}`,
    `/${base}/foo/../${rest}`,
    `/./${base}/${rest}`,
    `/${base}/${hexOf(first)}${rest.slice(1)}`,
    `/${base}/${hexOf(first).toLowerCase()}${rest.slice(1)}`,
    `/${hexOf(base.charAt(0))}${base.slice(1)}/${rest}`,
    `/${base}/%2e/${rest}`,
    `/${base}%2F${rest}`,
    `/${base}/${rest}/`,
    `/${base}\\${rest}`,
    `/${base}/${rest};a=b`,
    `/${base}/${rest}%00`,
    `/${base}/${rest}%C0%AF`,
    `/${base}/${rest}#frag`,
    `http://localhost/${base}/${rest}`,
  ];
}

const LOGOUT = '/x-api/logout';
const UNBIND = '/x-api/user/private/unbind/telegram';
const LOGIN = '/x-api/login';

function envelopeOf(res: RawResponse): { ret_code: number } | null {
  try {
    return JSON.parse(res.body) as { ret_code: number };
  } catch {
    return null;
  }
}

describe('guards hold whatever the spelling', () => {
  let app: App;
  let port: number;
  let userId: string;
  beforeAll(async () => {
    app = buildApp(testConfig({ RATE_LIMIT_MAX: '10000' }));
    port = await listenOnLoopback(app);
    userId = (await createAccount(app, { email: `guards-${Date.now()}@example.com` })).id;
  });
  afterAll(() => app.close());

  /** A body-less cross-site POST with the victim's session cookie and no platform header. */
  const crossSitePost = (target: string, session: string) =>
    rawRequest(port, {
      method: 'POST',
      target,
      headers: {
        cookie: `gh_session=${session}`,
        origin: 'http://evil.localhost',
        'sec-fetch-site': 'cross-site',
      },
    });

  it('the canonical logout without the platform header is refused (403) and logs nobody out', async () => {
    const session = await app.sessions.create(userId);
    const res = await crossSitePost(LOGOUT, session);
    expect(res.status).toBe(403);
    expect(envelopeOf(res)?.ret_code).toBe(RetCode.CsrfRejected);
    expect(await app.sessions.verify(session)).not.toBeNull();
  });

  it.each(spellingsOf(LOGOUT))(
    'a body-less cross-site POST to %j is refused and logs nobody out',
    async (target) => {
      const session = await app.sessions.create(userId);
      const res = await crossSitePost(target, session);
      expect(res.status).toBe(400);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await app.sessions.verify(session)).not.toBeNull();
    },
  );

  it.each(spellingsOf(UNBIND))('a cross-site POST to %j never reaches the unbind route', async (target) => {
    const session = await app.sessions.create(userId);
    const res = await crossSitePost(target, session);
    expect(res.status).toBe(400);
  });

  it('an odd spelling is refused even with the platform header: only the canonical path is served', async () => {
    const session = await app.sessions.create(userId);
    for (const target of spellingsOf(LOGOUT)) {
      const res = await rawRequest(port, {
        method: 'POST',
        target,
        headers: { cookie: `gh_session=${session}`, platform: 'pc' },
      });
      expect(res.status, target).toBe(400);
    }
    expect(await app.sessions.verify(session)).not.toBeNull();
    // The same request on the canonical path does log out: the checks above could fail.
    const res = await rawRequest(port, {
      method: 'POST',
      target: LOGOUT,
      headers: { cookie: `gh_session=${session}`, platform: 'pc' },
    });
    expect(envelopeOf(res)).toMatchObject({ ret_code: 0 });
    expect(await app.sessions.verify(session)).toBeNull();
  });

  it('refusals under the API answer in the envelope, no-store', async () => {
    const res = await rawRequest(port, { method: 'POST', target: '/%78-api/logout' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(envelopeOf(res)).toMatchObject({ ret_code: RetCode.ParamsInvalid });
    expect(res.headers['content-security-policy']).toBeDefined();
  });

  it('a form post (not JSON) is refused on every spelling of the login route, 415 on the canonical one', async () => {
    const form = { 'content-type': 'text/plain', platform: 'pc' };
    const body = JSON.stringify({ email: 'a@example.com', password: 'x' });
    const canonical = await rawRequest(port, { method: 'POST', target: LOGIN, headers: form, body });
    expect(canonical.status).toBe(415);
    expect(envelopeOf(canonical)?.ret_code).toBe(RetCode.UnsupportedMediaType);
    for (const target of spellingsOf(LOGIN)) {
      const res = await rawRequest(port, { method: 'POST', target, headers: form, body });
      expect(res.status, target).toBe(400);
    }
  });
});

describe('the baseline rate limit holds under parallel requests in mixed spellings', () => {
  let app: App;
  let port: number;
  beforeAll(async () => {
    app = buildApp(testConfig({ RATE_LIMIT_MAX: '6' }));
    port = await listenOnLoopback(app);
  });
  afterAll(() => app.close());

  it('N+5 canonical calls at once: exactly N pass; the odd spellings fired with them pass none and count none', async () => {
    // Windows are aligned to the minute: keep the burst inside one.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 2000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    const target = '/x-api/v2/public/country-list';
    const odd = spellingsOf(target);
    const [canonical, spelled] = await Promise.all([
      Promise.all(Array.from({ length: 11 }, () => rawRequest(port, { target }))),
      Promise.all(odd.map((t) => rawRequest(port, { target: t }))),
    ]);
    const codes = canonical.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(6);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    expect(spelled.map((r) => r.status)).toEqual(odd.map(() => 400));
  });
});

describe('pages: odd spellings get the plain 400 page, real paths keep working', () => {
  let app: App;
  let port: number;
  beforeAll(async () => {
    app = buildApp(testConfig());
    port = await listenOnLoopback(app);
  });
  afterAll(() => app.close());

  it.each([
    '//en/login',
    '/en//login',
    '/en/./login',
    '/en/x/../login',
    '/en/%6Cogin',
    '/%65n/login',
    '/en/login;jsessionid=1',
    '/en/login%00',
    '/en/login%C0%AF',
    '/en\\login',
    '/en/login#x',
    'http://localhost/en/login',
    '/%6Fauth/authorize?client_id=x',
    '/oauth/%2e%2e/oauth/authorize',
  ])('%j → 400 page', async (target) => {
    const res = await rawRequest(port, { target });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Bad request');
  });

  it.each([
    ['/en/login', 200],
    ['/en/login/', 200],
    ['/ja-JP/login?x=%E3%81%82', 200],
    ['/en/login?redirect_url=%2Fen%2Fdashboard%3Fa%3D1&x=%00', 200],
    ['/ja-JP/%E3%81%82', 404],
    ['/EN/login', 302],
    ['/', 302],
  ] as const)('%j → %i', async (target, status) => {
    expect((await rawRequest(port, { target })).status).toBe(status);
  });
});
