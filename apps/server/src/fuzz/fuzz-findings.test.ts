import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import type { App } from '../app.js';
import { connectDb } from '../db/connect.js';
import { DEMO_CLIENT_ID } from '../dev/oauth-demo/oauth-demo-seed.js';
import { freshPgSchema, TEST_PG_URL } from '../test-support/postgres.js';
import { testApp } from '../test-support/test-app.js';

/**
 * One regression per finding of the API fuzz (api-fuzz.test.ts), on SQLite and on PostgreSQL,
 * where a NUL byte in a text parameter is an error (22021) rather than a stored character.
 */

const pg = await freshPgSchema();
const inCi = process.env.CI === 'true';
const stores: [string, () => Promise<App>][] = [['SQLite', () => testApp()]];
if ('schema' in pg) {
  stores.push([
    'PostgreSQL',
    () =>
      testApp(
        { DATABASE_URL: TEST_PG_URL },
        { db: connectDb({ kind: 'postgres', url: TEST_PG_URL }, { pgSchema: pg.schema }) },
      ),
  ]);
} else if (inCi) {
  throw new Error(`fuzz findings need PostgreSQL under CI=true: ${pg.skip}`);
} else {
  console.warn(`[fuzz-findings] skipping the PostgreSQL half: ${pg.skip}`);
}
afterAll(async () => {
  if ('drop' in pg) await pg.drop();
});

describe.each(stores)('fuzz findings on %s', (_name, open) => {
  let app: App;
  let redirectUri: string;
  beforeAll(async () => {
    app = await open();
    redirectUri = (await app.oauth.stores.clients.find(DEMO_CLIENT_ID))?.redirectUris[0] ?? '';
  });
  afterAll(() => app.close());

  const api = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/x-api${url}`,
      headers: { platform: 'pc', ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
    });

  const form = (url: string, body: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: { host: 'localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });

  it('a NUL in client_id of the OAuth client info is PARAMS_INVALID (was HTTP 500 on PostgreSQL)', async () => {
    const res = await api('GET', `/oauth/v1/public/client_info?client_id=%00&redirect_uri=x`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ret_code: RetCode.ParamsInvalid,
      result: { issues: [{ in: 'querystring', field: 'client_id' }] },
    });
  });

  it('a NUL in client_id at the token and revocation endpoints is invalid_request (was 500 on PostgreSQL)', async () => {
    for (const [url, body] of [
      ['/oauth/token', 'grant_type=authorization_code&code=x&client_id=%00'],
      ['/oauth/token', 'grant_type=refresh_token&refresh_token=x&client_id=a%00b'],
      ['/oauth/revoke', 'token=x&client_id=%00'],
      ['/oauth/revoke', 'token=%00&client_id=gatehouse-demo'],
    ] as const) {
      const res = await form(url, body);
      expect(res.statusCode, `${url} ${body}`).toBe(400);
      expect(res.json(), `${url} ${body}`).toEqual({
        error: 'invalid_request',
        error_description: 'malformed request',
      });
    }
  });

  it('a NUL in the authorization request is the error page, not a lookup or a redirect', async () => {
    const query = (extra: string) =>
      `/oauth/authorize?response_type=code&client_id=${DEMO_CLIENT_ID}&redirect_uri=${encodeURIComponent(redirectUri)}` +
      `&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256${extra}`;
    // The well-formed request goes on to the entry page…
    const good = await app.inject({ url: query(''), headers: { host: 'localhost:3000' } });
    expect(good.statusCode).toBe(303);
    // …and the same with a control character anywhere is refused before any lookup.
    for (const extra of ['&state=a%00b', '&scope=profile%0A', '&state=%C2%85']) {
      const res = await app.inject({ url: query(extra), headers: { host: 'localhost:3000' } });
      expect(res.statusCode, extra).toBe(400);
      expect(res.headers.location, extra).toBeUndefined();
    }
    const nul = await app.inject({
      url: `/oauth/authorize?client_id=%00&redirect_uri=x`,
      headers: { host: 'localhost:3000' },
    });
    expect(nul.statusCode).toBe(400);
  });

  it('a NUL in a web config key is PARAMS_INVALID (was HTTP 500 on PostgreSQL)', async () => {
    const res = await api('POST', '/v3/config/web', { project_name: 'x', keys: ['\u0000 '] });
    expect(res.json()).toMatchObject({
      ret_code: RetCode.ParamsInvalid,
      result: { issues: [{ field: 'keys.0' }] },
    });
  });

  it('a control character in an unknown field refuses the whole request: no registration, no code sent', async () => {
    const before = await app.db
      .selectFrom('registrations')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirst();
    const outboxBefore = await app.db
      .selectFrom('outbox')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirst();
    for (const [url, body] of [
      ['/user/public/register/info', { email: 'fuzz-finding@example.com', verify_type: 'code', x: '\u0000' }],
      ['/user/public/password/reset/send-code', { email: 'fuzz-finding@example.com', note: 'a\u0007' }],
    ] as const) {
      const res = await api('POST', url, body);
      expect(res.json().ret_code, url).toBe(RetCode.ParamsInvalid);
    }
    const after = await app.db
      .selectFrom('registrations')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirst();
    const outboxAfter = await app.db
      .selectFrom('outbox')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
    expect(Number(outboxAfter?.n)).toBe(Number(outboxBefore?.n));
  });

  it('a body that is not UTF-8 is refused, so logout does not run on it', async () => {
    const account = await app.accounts.create({
      email: 'utf8@example.com',
      passwordHash: 'x',
      lang: 'en',
      site: 'global',
    });
    const token = await app.sessions.create(account.id);
    const res = await app.inject({
      method: 'POST',
      url: '/x-api/logout',
      headers: { platform: 'pc', 'content-type': 'application/json' },
      cookies: { gh_session: token },
      payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe2, 0x82, 0x22, 0x7d]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().ret_code).toBe(RetCode.ParamsInvalid);
    expect(await app.sessions.verify(token)).toMatchObject({ userId: account.id });
  });
});
