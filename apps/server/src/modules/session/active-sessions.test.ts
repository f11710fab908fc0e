import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode, type ActiveSession, type SignInAttempt } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { testApp, testAppPair } from '../../test-support/test-app.js';
import {
  createAccount,
  device,
  login,
  loginFully,
  outboxCode,
  PASSWORD,
  postJson,
  sessionCookieOf,
  type Device,
} from '../login/login.test-kit.js';

/**
 * The account page's active sessions and sign-in history (issue 17, docs/flows/sessions.md): what a
 * session records at sign-in, ending one or all others on the very next call, and the attacks: a
 * session of another account, the current one, parallel ends, two instances.
 */
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';

let app: App;
beforeAll(async () => {
  // Behind a trusted proxy, so the country header counts (risk/client-country.ts).
  app = await testApp({ TRUST_PROXY: 'true' });
});
afterAll(() => app.close());

type Answer<T> = { ret_code: number; result: T };

type HeadedDevice = Device & { headers: Record<string, string> };
const onDevice = (ua: string, country: string, ip = '203.0.113.10'): HeadedDevice => {
  const dev = device(undefined, ip);
  return { ...dev, headers: { ...dev.headers, 'user-agent': ua, 'x-client-country': country } };
};
const get = async <T>(target: App, url: string, cookie: string) =>
  (await target.inject({ url: `/x-api${url}`, cookies: { gh_session: cookie } })).json<Answer<T>>();
const listOf = async (cookie: string, target = app) =>
  (await get<{ sessions: ActiveSession[] }>(target, '/user/private/sessions', cookie)).result.sessions;
const revoke = (cookie: string, sessionId: string, dev: Device, target = app) =>
  postJson(target, '/user/private/sessions/revoke', { session_id: sessionId }, dev, {
    cookies: { gh_session: cookie },
  });
const profileCode = async (cookie: string, target = app) =>
  (await get<unknown>(target, '/v2/private/user/profile', cookie)).ret_code;

describe('active sessions', () => {
  it('lists device, browser, country, site and method of each live session, the current one marked', async () => {
    const email = 'two.devices@example.com';
    await createAccount(app, { email });
    const laptop = onDevice(CHROME, 'de');
    const phone = onDevice(IPHONE, 'FR');
    const onLaptop = await loginFully(app, { email }, email, laptop);
    const onPhone = await loginFully(app, { email }, email, phone);

    const sessions = await listOf(onLaptop);
    expect(sessions).toHaveLength(2);
    const [current] = sessions.filter((s) => s.current);
    expect(current).toMatchObject({
      device: 'desktop',
      browser: expect.stringMatching(/^Chrome 120/) as unknown,
      os: 'Windows 10',
      country: 'DE',
      site: 'global',
      method: 'password_code',
    });
    const other = sessions.find((s) => !s.current);
    expect(other).toMatchObject({ device: 'mobile', os: 'iOS 17.2', country: 'FR', current: false });
    // Neither the token nor its stored hash leaves the server.
    const text = JSON.stringify(sessions);
    expect(text).not.toContain(onPhone);
    expect(text).not.toContain(onLaptop);
    expect(other?.session_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('ends another session: its very next call answers 10006, this one goes on', async () => {
    const email = 'revoke.one@example.com';
    await createAccount(app, { email });
    const laptop = onDevice(CHROME, 'DE');
    const onLaptop = await loginFully(app, { email }, email, laptop);
    const onPhone = await loginFully(app, { email }, email, onDevice(IPHONE, 'FR'));
    expect(await profileCode(onPhone)).toBe(RetCode.Ok);

    const target = (await listOf(onLaptop)).find((s) => !s.current);
    const res = await revoke(onLaptop, target?.session_id ?? '', laptop);
    expect(res.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: { revoked: true } });
    expect(await profileCode(onPhone)).toBe(RetCode.SessionExpired);
    expect(await profileCode(onLaptop)).toBe(RetCode.Ok);
    expect((await listOf(onLaptop)).map((s) => s.current)).toEqual([true]);
    // Once: it is gone.
    expect((await revoke(onLaptop, target?.session_id ?? '', laptop)).json().ret_code).toBe(
      RetCode.SessionNotFound,
    );
  });

  it("refuses to end another account's session, or the current one (35501), and changes nothing", async () => {
    const victim = 'victim@example.com';
    const attacker = 'attacker@example.com';
    await createAccount(app, { email: victim });
    await createAccount(app, { email: attacker });
    const victimDev = onDevice(CHROME, 'DE');
    const onVictim = await loginFully(app, { email: victim }, victim, victimDev);
    const attackerDev = onDevice(CHROME, 'DE', '198.51.100.7');
    const onAttacker = await loginFully(app, { email: attacker }, attacker, attackerDev);
    // The attacker learned the victim's reference somehow (a shared screen, a log).
    const [victimRef] = (await listOf(onVictim)).map((s) => s.session_id);

    const res = await revoke(onAttacker, victimRef ?? '', attackerDev);
    expect(res.json().ret_code).toBe(RetCode.SessionNotFound);
    expect(await profileCode(onVictim)).toBe(RetCode.Ok);
    // Ending one's own current session this way is refused too: that is logout.
    expect((await revoke(onVictim, victimRef ?? '', victimDev)).json().ret_code).toBe(
      RetCode.SessionNotFound,
    );
    expect(await profileCode(onVictim)).toBe(RetCode.Ok);
    // A malformed reference is a bad request, not a lookup.
    expect((await revoke(onVictim, "' or 1=1 --", victimDev)).json().ret_code).toBe(RetCode.ParamsInvalid);
  });

  it('ends a session once however many parallel requests ask', async () => {
    const email = 'parallel.revoke@example.com';
    await createAccount(app, { email });
    const laptop = onDevice(CHROME, 'DE');
    const onLaptop = await loginFully(app, { email }, email, laptop);
    const onPhone = await loginFully(app, { email }, email, onDevice(IPHONE, 'FR'));
    const ref = (await listOf(onLaptop)).find((s) => !s.current)?.session_id ?? '';
    const answers = await Promise.all(Array.from({ length: 8 }, () => revoke(onLaptop, ref, laptop)));
    const codes = answers.map((a) => a.json<{ ret_code: number }>().ret_code);
    expect(codes.filter((c) => c === RetCode.Ok)).toHaveLength(1);
    expect(codes.filter((c) => c === RetCode.SessionNotFound)).toHaveLength(7);
    expect(await profileCode(onPhone)).toBe(RetCode.SessionExpired);
  });

  it('ends every other session, and this one stays', async () => {
    const email = 'revoke.others@example.com';
    const account = await createAccount(app, { email });
    const laptop = onDevice(CHROME, 'DE');
    const onLaptop = await loginFully(app, { email }, email, laptop);
    const others = [await app.sessions.create(account.id), await app.sessions.create(account.id)];
    const someoneElse = await app.sessions.create((await createAccount(app, { email: 'x@example.com' })).id);
    const res = await postJson(app, '/user/private/sessions/revoke-others', {}, laptop, {
      cookies: { gh_session: onLaptop },
    });
    expect(res.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: { revoked: 2 } });
    for (const cookie of others) expect(await profileCode(cookie)).toBe(RetCode.SessionExpired);
    expect(await profileCode(onLaptop)).toBe(RetCode.Ok);
    expect(await profileCode(someoneElse)).toBe(RetCode.Ok);
  });

  it('needs a session (10006)', async () => {
    const dev = device();
    expect((await app.inject({ url: '/x-api/user/private/sessions' })).json().ret_code).toBe(
      RetCode.SessionExpired,
    );
    expect((await postJson(app, '/user/private/sessions/revoke-others', {}, dev)).json().ret_code).toBe(
      RetCode.SessionExpired,
    );
  });
});

describe('sign-in history', () => {
  it('records failures and successes with time, result, address, device and method, newest first', async () => {
    const email = 'history@example.com';
    await createAccount(app, { email });
    const dev = onDevice(CHROME, 'NL', '198.51.100.23');
    const wrong = await login(app, { email }, 'not the password', dev);
    expect(wrong.json().ret_code).toBe(RetCode.PasswordWrong);
    const first = await login(app, { email }, PASSWORD, dev);
    const challenge = first.json<Answer<{ need_verify: { challenge_id: string } }>>().result.need_verify;
    const code = await outboxCode(app, email, 'login-code');
    const bad = await postJson(
      app,
      '/user/public/login/verify',
      { challenge_id: challenge.challenge_id, code: code === '000000' ? '111111' : '000000' },
      dev,
    );
    expect(bad.json().ret_code).toBe(RetCode.VerifyCodeInvalid);
    const done = await postJson(
      app,
      '/user/public/login/verify',
      { challenge_id: challenge.challenge_id, code },
      dev,
    );
    const cookie = sessionCookieOf(done) ?? '';
    // The device is known now: the next login needs no code.
    const again = sessionCookieOf(await login(app, { email }, PASSWORD, dev)) ?? '';

    const history = (await get<{ attempts: SignInAttempt[] }>(app, '/user/private/sign-in-history', again))
      .result.attempts;
    expect(history.map((a) => [a.result, a.method])).toEqual([
      ['success', 'password'],
      ['success', 'password_code'],
      ['wrong_code', 'password_code'],
      ['wrong_password', 'password'],
    ]);
    expect(history[0]).toMatchObject({
      ip: '198.51.100.23',
      country: 'NL',
      site: 'global',
      device: 'desktop',
    });
    expect(history[0]?.browser).toMatch(/^Chrome/);
    expect(history.map((a) => a.at)).toEqual([...history.map((a) => a.at)].sort((x, y) => y - x));
    expect(cookie).not.toBe('');
    // Another account sees none of it.
    const other = await app.sessions.create((await createAccount(app, { email: 'nosy@example.com' })).id);
    const theirs = await get<{ attempts: SignInAttempt[] }>(app, '/user/private/sign-in-history', other);
    expect(theirs.result.attempts.map((a) => a.result)).toEqual(['success']);
  });

  it('writes a success with its session, in one unit: every session has its row', async () => {
    const email = 'atomic.history@example.com';
    const account = await createAccount(app, { email });
    const dev = onDevice(CHROME, 'DE');
    await loginFully(app, { email }, email, dev);
    // Parallel logins from the known device: as many success rows as sessions, no more, no less.
    const answers = await Promise.all(Array.from({ length: 5 }, () => login(app, { email }, PASSWORD, dev)));
    const started = answers.filter((a) => sessionCookieOf(a)).length;
    expect(started).toBeGreaterThan(0);
    const sessions = await app.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', account.id)
      .execute();
    const successes = await app.db
      .selectFrom('sign_in_history')
      .select('id')
      .where('user_id', '=', account.id)
      .where('result', '=', 'success')
      .execute();
    expect(successes).toHaveLength(sessions.length);
    expect(sessions.length).toBe(1 + started);
  });

  it('shows the newest 50 only', async () => {
    const account = await createAccount(app, { email: 'many.logins@example.com' });
    let cookie = '';
    for (let i = 0; i < 53; i++) cookie = await app.sessions.create(account.id, { method: 'quick_login' });
    const history = await get<{ attempts: SignInAttempt[] }>(app, '/user/private/sign-in-history', cookie);
    expect(history.result.attempts).toHaveLength(50);
  });
});

describe('two instances', () => {
  it('a session ended on one instance is refused by the other on its very next call', async () => {
    const { a, b, close } = await testAppPair();
    try {
      const email = 'pair.revoke@example.com';
      const account = await createAccount(a, { email });
      const dev = device();
      const mine = await a.sessions.create(account.id, { userAgent: CHROME });
      const theirs = await b.sessions.create(account.id, { userAgent: IPHONE });
      expect(await profileCode(theirs, b)).toBe(RetCode.Ok);
      const ref = (await listOf(mine, b)).find((s) => !s.current)?.session_id ?? '';
      expect((await revoke(mine, ref, dev, a)).json().ret_code).toBe(RetCode.Ok);
      expect(await profileCode(theirs, b)).toBe(RetCode.SessionExpired);
      expect(await profileCode(theirs, a)).toBe(RetCode.SessionExpired);
      expect(await profileCode(mine, b)).toBe(RetCode.Ok);
    } finally {
      await close();
    }
  });
});
