import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEADER, QUICK_TOKEN_TTL_MS, RetCode, SESSION_TRANSPORT_HEADER_VALUE } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { testApp, testAppPair } from '../../test-support/test-app.js';
import { createAccount, device, postJson, sessionCookieOf } from '../login/login.test-kit.js';

const EU = 'eu.localhost';
const TR = 'tr.localhost';

let app: App;
const lines: string[] = [];
beforeAll(async () => {
  app = await testApp(
    { LOG_LEVEL: 'info' },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
});
afterAll(() => app.close());
afterEach(() => vi.useRealTimers());

/** An account with a session on the global site; returns its id and session cookie. */
async function loggedIn(target: App, email: string) {
  const account = await createAccount(target, { email });
  return { account, cookie: await target.sessions.create(account.id) };
}

async function mint(
  target: App,
  cookie: string,
  body: Record<string, unknown> = {},
  host?: string,
  from = device(),
) {
  const res = await postJson(target, '/user/private/quick_token', body, from, {
    cookies: { gh_session: cookie },
    ...(host ? { host } : {}),
  });
  return res.json<{ ret_code: number; result: { tmp_token: string; site_id: string; expires_in: number } }>();
}

function redeem(target: App, token: string, host?: string, headers?: Record<string, string>) {
  return postJson(target, '/user/public/quick_login', { tmp_token: token }, device(), {
    ...(host ? { host } : {}),
    ...(headers ? { headers } : {}),
  });
}

async function profileWith(target: App, cookie: string, host?: string) {
  const res = await target.inject({
    url: '/x-api/v2/private/user/profile',
    cookies: { gh_session: cookie },
    headers: { platform: 'pc', ...(host ? { host } : {}) },
  });
  return res.json<{ ret_code: number; result: { id: number } }>();
}

describe('quick login', () => {
  it('hands a session minted on the global site to the EU site, once', async () => {
    const { account, cookie } = await loggedIn(app, 'jump@example.com');
    const minted = await mint(app, cookie, { site_id: 'EU' });
    expect(minted.ret_code).toBe(RetCode.Ok);
    expect(minted.result.tmp_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(minted.result).toMatchObject({ site_id: 'EU', expires_in: QUICK_TOKEN_TTL_MS / 1000 });

    const first = await redeem(app, minted.result.tmp_token, EU);
    expect(first.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: { user_id: Number(account.id) } });
    const session = sessionCookieOf(first);
    expect(session).toBeTruthy();
    expect(session).not.toBe(cookie);
    expect((await profileWith(app, session ?? '', EU)).result.id).toBe(Number(account.id));

    // Spent.
    expect((await redeem(app, minted.result.tmp_token, EU)).json().ret_code).toBe(RetCode.QuickLoginInvalid);
  });

  it('defaults to the site asked, and refuses the token on another site without spending it', async () => {
    const { cookie } = await loggedIn(app, 'sites@example.com');
    const minted = await mint(app, cookie, {}, EU);
    expect(minted.result.site_id).toBe('EU');
    expect((await redeem(app, minted.result.tmp_token, TR)).json().ret_code).toBe(RetCode.QuickLoginInvalid);
    expect((await redeem(app, minted.result.tmp_token)).json().ret_code).toBe(RetCode.QuickLoginInvalid);
    // Another environment of the same site is another place too.
    expect((await redeem(app, minted.result.tmp_token, `testnet.${EU}`)).json().ret_code).toBe(
      RetCode.QuickLoginInvalid,
    );
    expect((await redeem(app, minted.result.tmp_token, EU)).json().ret_code).toBe(RetCode.Ok);
  });

  it('refuses a token past its minute', async () => {
    const { cookie } = await loggedIn(app, 'late@example.com');
    vi.useFakeTimers({ toFake: ['Date'] });
    const minted = await mint(app, cookie);
    vi.setSystemTime(Date.now() + QUICK_TOKEN_TTL_MS);
    expect((await redeem(app, minted.result.tmp_token)).json().ret_code).toBe(RetCode.QuickLoginInvalid);
  });

  it('refuses unknown, malformed and oversized tokens alike', async () => {
    expect((await redeem(app, 'x'.repeat(43))).json().ret_code).toBe(RetCode.QuickLoginInvalid);
    expect((await redeem(app, 'not a token')).json().ret_code).toBe(RetCode.QuickLoginInvalid);
    expect((await redeem(app, 'x'.repeat(500))).json().ret_code).toBe(RetCode.ParamsInvalid);
  });

  it('refuses an account banned after the token was minted, and a Hong Kong account elsewhere', async () => {
    const { account, cookie } = await loggedIn(app, 'banned-later@example.com');
    const minted = await mint(app, cookie);
    await app.db
      .updateTable('users')
      .set({ status: 'banned', banned_at: Date.now() })
      .where('id', '=', account.id)
      .execute();
    expect((await redeem(app, minted.result.tmp_token)).json().ret_code).toBe(RetCode.QuickLoginInvalid);

    const hk = await createAccount(app, { email: 'hk@example.com', site: 'HKG' });
    const hkCookie = await app.sessions.create(hk.id);
    const forEu = await mint(app, hkCookie, { site_id: 'EU' });
    expect((await redeem(app, forEu.result.tmp_token, EU)).json().ret_code).toBe(RetCode.QuickLoginInvalid);
    const forHk = await mint(app, hkCookie, { site_id: 'HKG' });
    expect((await redeem(app, forHk.result.tmp_token, 'hk.localhost')).json().ret_code).toBe(RetCode.Ok);
  });

  it('gives header-transport clients the token in the envelope, as login does', async () => {
    const { cookie } = await loggedIn(app, 'header@example.com');
    const minted = await mint(app, cookie);
    const res = await redeem(app, minted.result.tmp_token, undefined, {
      [HEADER.SESSION_TRANSPORT]: SESSION_TRANSPORT_HEADER_VALUE,
    });
    const body = res.json<{ token: string }>();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.token).toBe(sessionCookieOf(res));
  });

  it('ends the session the browser carried before', async () => {
    const { cookie } = await loggedIn(app, 'fresh@example.com');
    const other = await loggedIn(app, 'previous@example.com');
    const minted = await mint(app, cookie);
    const res = await postJson(
      app,
      '/user/public/quick_login',
      { tmp_token: minted.result.tmp_token },
      device(),
      {
        cookies: { gh_session: other.cookie },
      },
    );
    expect(res.json().ret_code).toBe(RetCode.Ok);
    expect((await profileWith(app, other.cookie)).ret_code).toBe(RetCode.SessionExpired);
  });

  it('mints only with a session (10006), and never logs the token', async () => {
    expect((await postJson(app, '/user/private/quick_token', {}, device())).json().ret_code).toBe(
      RetCode.SessionExpired,
    );
    const { cookie } = await loggedIn(app, 'quiet@example.com');
    const minted = await mint(app, cookie);
    await redeem(app, minted.result.tmp_token);
    await redeem(app, minted.result.tmp_token);
    // The page that carries it is logged without its query.
    await app.inject({ url: `/en/login?tmp_token=${minted.result.tmp_token}` });
    expect(lines.join('\n')).toContain('quick login');
    expect(lines.join('\n')).not.toContain(minted.result.tmp_token);
  });

  it('rate-limits minting per address', async () => {
    const { cookie } = await loggedIn(app, 'many@example.com');
    const from = device(undefined, '203.0.113.77');
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await mint(app, cookie, {}, undefined, from)).ret_code);
    expect(codes.slice(0, 10).every((c) => c === RetCode.Ok)).toBe(true);
    expect(codes[10]).toBe(RetCode.TooFrequent);
  });
});

describe('quick login under a race', () => {
  it('lets exactly one of many parallel redeems on two instances win', async () => {
    const pair = await testAppPair();
    try {
      const { cookie } = await loggedIn(pair.a, 'race@example.com');
      const minted = await mint(pair.a, cookie);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => redeem(i % 2 ? pair.a : pair.b, minted.result.tmp_token)),
      );
      const codes = answers.map((res) => res.json<{ ret_code: number }>().ret_code);
      expect(codes.filter((c) => c === RetCode.Ok)).toHaveLength(1);
      expect(codes.filter((c) => c === RetCode.QuickLoginInvalid)).toHaveLength(11);
      expect(answers.filter((res) => sessionCookieOf(res))).toHaveLength(1);
    } finally {
      await pair.close();
    }
  });
});
