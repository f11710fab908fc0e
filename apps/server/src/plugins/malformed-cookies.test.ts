import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import { buildApp, type App } from '../app.js';
import { createAccount } from '../modules/login/login.test-kit.js';
import { listenOnLoopback, rawRequest } from '../test-support/raw-http.js';
import { testConfig } from '../test-support/test-app.js';

/**
 * "The cookie reader survives a malformed cookie": whatever the Cookie header holds (another app
 * of the domain, a broken client, an attacker), pages render and API calls answer in the envelope;
 * nothing throws into a 500.
 */
const MALFORMED = [
  'gh_session=%E0%A4%A',
  'gh_session=%',
  'gh_session=%zz%00',
  'gh_session',
  '=gh_session',
  'gh_session=; gh_session=',
  ';;;',
  'gh_session="unterminated',
  '__proto__=x; constructor=y; prototype=z',
  'self_unbind_token=%E0%A4%A; gh_guid=%FF',
  `gh_session=${'a'.repeat(8000)}`,
  `${'x'.repeat(4000)}=1`,
];

describe('malformed Cookie headers', () => {
  let app: App;
  let port: number;
  let session: string;
  beforeAll(async () => {
    app = buildApp(testConfig());
    port = await listenOnLoopback(app);
    const account = await createAccount(app, { email: `cookies-${Date.now()}@example.com` });
    session = await app.sessions.create(account.id);
  });
  afterAll(() => app.close());

  it.each(MALFORMED)('%j: the page renders', async (cookie) => {
    const res = await app.inject({ url: '/en/login', headers: { host: 'localhost', cookie } });
    expect(res.statusCode).toBe(200);
  });

  it.each(MALFORMED)('%j: a call that needs a session answers SESSION_EXPIRED, not 500', async (cookie) => {
    const res = await app.inject({ url: '/x-api/v2/private/user/profile', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().ret_code).toBe(RetCode.SessionExpired);
  });

  it.each(MALFORMED)('%j: the ban lookup behind the self-unbind cookie answers, not 500', async (cookie) => {
    const res = await app.inject({
      method: 'POST',
      url: '/x-api/user/public/ban/einfo',
      headers: { cookie, platform: 'pc' },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ret_code: 0, result: { is_self_help_baned: false } });
  });

  it('a malformed neighbour does not hide a valid session; of duplicate names the first counts', async () => {
    const profile = (cookie: string) =>
      app
        .inject({ url: '/x-api/v2/private/user/profile', headers: { cookie } })
        .then((r) => r.json().ret_code);
    expect(await profile(`a=%E0%A4%A; gh_session=${session}; b`)).toBe(0);
    expect(await profile(`gh_session=${session}; gh_session=%E0%A4%A`)).toBe(0);
    expect(await profile(`gh_session=%E0%A4%A; gh_session=${session}`)).toBe(RetCode.SessionExpired);
  });

  it('a Cookie header past the server limit gets 431 from Node, never a 500', async () => {
    const res = await rawRequest(port, {
      target: '/en/login',
      headers: { cookie: `a=${'b'.repeat(20_000)}` },
    });
    expect(res.status).toBe(431);
  });
});
