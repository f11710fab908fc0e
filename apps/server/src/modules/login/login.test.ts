import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { testApp } from '../../test-support/test-app.js';
import type { Account } from '../accounts/accounts.repository.js';
import {
  createAccount,
  device,
  encryptedPassword,
  login,
  loginFully,
  outboxCode,
  PASSWORD,
  postJson,
  sessionCookieOf,
  type Device,
} from './login.test-kit.js';

const EMAIL = 'ann.lee@example.com';
const MOBILE = '+447700900123';
const byEmail = { email: EMAIL };
const byMobile = { country_code: '44', mobile: '07700 900123' };

let app: App;
let ann: Account;
let known: Device;

beforeEach(async () => {
  app = await testApp();
  ann = await createAccount(app, { email: EMAIL });
  known = device();
  await app.devices.remember(ann.id, known.guid);
});
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await app.close();
});

const profile = (cookie: string | undefined) =>
  app.inject({ url: '/x-api/v2/private/user/profile', cookies: cookie ? { gh_session: cookie } : {} });

describe('POST /login', () => {
  it('logs in by e-mail on a known device: session cookie, user id, no code step', async () => {
    const res = await login(app, byEmail, PASSWORD, known);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ret_code: 0,
      ret_msg: 'OK',
      result: { user_id: Number(ann.id), new_user: false, need_verify: null },
    });
    const cookie = sessionCookieOf(res);
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await profile(cookie)).json().result.id).toBe(Number(ann.id));
  });

  it('logs in by mobile, normalising the national number to E.164', async () => {
    const bob = await createAccount(app, { mobile: MOBILE });
    await app.devices.remember(bob.id, known.guid);
    const res = await login(app, byMobile, PASSWORD, known);
    expect(res.json().result).toMatchObject({ user_id: Number(bob.id), need_verify: null });
    expect(sessionCookieOf(res)).toBeDefined();
  });

  it('answers the regulated-site path the same way', async () => {
    const res = await login(app, byEmail, PASSWORD, known, { path: '/user/public/login_compliance' });
    expect(res.json().result.user_id).toBe(Number(ann.id));
  });

  it('returns the token in the envelope only to header-transport clients', async () => {
    const plain = await login(app, byEmail, PASSWORD, known);
    expect(plain.json()).not.toHaveProperty('token');
    const res = await postJson(app, '/login', { ...byEmail, ...encryptedPassword(app, PASSWORD) }, known, {
      headers: { 'x-session-transport': 'header' },
    });
    expect(res.json().token).toBe(sessionCookieOf(res));
  });

  it('counts wrong passwords 1..5 (31002, pass_err_count in result and envelope), then locks (31030)', async () => {
    for (let n = 1; n <= 5; n++) {
      const res = await login(app, byEmail, 'not the password', known);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        ret_code: RetCode.PasswordWrong,
        pass_err_count: n,
        result: { pass_err_count: n, max_pass_err_count: 5 },
      });
      expect(sessionCookieOf(res)).toBeUndefined();
    }
    const sixth = await login(app, byEmail, 'not the password', known);
    expect(sixth.json()).toMatchObject({ ret_code: RetCode.TooManyPasswordErrors });
    const { locked_until, retry_after_seconds } = sixth.json().result;
    expect(locked_until).toBeGreaterThan(Date.now());
    expect(retry_after_seconds).toBeGreaterThan(29 * 60);
    // Locked: even the right password is refused, and nothing is verified.
    const verify = vi.spyOn(app.passwords.hasher, 'verify');
    const right = await login(app, byEmail, PASSWORD, known);
    expect(right.json().ret_code).toBe(RetCode.TooManyPasswordErrors);
    expect(verify).not.toHaveBeenCalled();
  });

  it('lifts the lockout when it runs out', async () => {
    for (let n = 1; n <= 6; n++) await login(app, byEmail, 'wrong', known);
    expect((await login(app, byEmail, PASSWORD, known)).json().ret_code).toBe(RetCode.TooManyPasswordErrors);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 60_000);
    const res = await login(app, byEmail, PASSWORD, known);
    expect(res.json().ret_code).toBe(0);
    // Counting starts again after the lock.
    expect((await login(app, byEmail, 'wrong', known)).json().pass_err_count).toBe(1);
  });

  it('resets the count after a successful login', async () => {
    await login(app, byEmail, 'wrong', known);
    await login(app, byEmail, 'wrong', known);
    expect((await login(app, byEmail, PASSWORD, known)).json().ret_code).toBe(0);
    expect((await login(app, byEmail, 'wrong', known)).json().pass_err_count).toBe(1);
  });

  it('answers an unknown account exactly like a wrong password, dummy verification included', async () => {
    const dummy = vi.spyOn(app.passwords.hasher, 'verifyDummy');
    const strip = (body: Record<string, unknown>) => JSON.stringify(body);
    for (let n = 1; n <= 6; n++) {
      const unknown = await login(
        app,
        { email: 'nobody@example.com' },
        PASSWORD,
        device(undefined, '198.51.100.1'),
      );
      const wrong = await login(app, byEmail, 'wrong', device(undefined, '198.51.100.2'));
      expect(unknown.statusCode).toBe(wrong.statusCode);
      expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(wrong.headers).sort());
      const u = unknown.json<Record<string, unknown>>();
      const w = wrong.json<Record<string, unknown>>();
      if (n < 6) {
        expect(strip(u)).toBe(strip(w));
      } else {
        // Both locked at the same count; only the lock end (milliseconds apart) differs.
        expect(u.ret_code).toBe(RetCode.TooManyPasswordErrors);
        expect(w.ret_code).toBe(RetCode.TooManyPasswordErrors);
        expect(Object.keys(u.result as object)).toEqual(Object.keys(w.result as object));
      }
    }
    expect(dummy).toHaveBeenCalledTimes(6);
  });

  it('refuses an address after 20 failures with 31018, even with the right password', async () => {
    const attacker = device(undefined, '192.0.2.66');
    for (let n = 0; n < 20; n++) {
      const res = await login(app, { email: `guess${n}@example.com` }, 'x', attacker);
      expect(res.json().ret_code).toBe(RetCode.PasswordWrong);
    }
    const res = await login(app, byEmail, PASSWORD, attacker);
    expect(res.json()).toMatchObject({ ret_code: RetCode.IpLimit, result: { retry_after_seconds: 900 } });
    // Another address is unaffected.
    expect((await login(app, byEmail, PASSWORD, known)).json().ret_code).toBe(0);
  });

  it('refuses a banned account with 31003 and baned_time only after the right password', async () => {
    const bannedAt = Date.now() - 3_600_000;
    await app.db
      .updateTable('users')
      .set({ status: 'banned', banned_at: bannedAt })
      .where('id', '=', ann.id)
      .execute();
    expect((await login(app, byEmail, 'wrong', known)).json().ret_code).toBe(RetCode.PasswordWrong);
    const res = await login(app, byEmail, PASSWORD, known);
    expect(res.json()).toMatchObject({
      ret_code: RetCode.AccountBanned,
      result: { is_self_help_baned: true, baned_time: bannedAt, baned_until: null },
    });
    expect(sessionCookieOf(res)).toBeUndefined();
    const token = res.cookies.find((c) => c.name === 'self_unbind_token');
    expect(token).toMatchObject({ httpOnly: true, path: '/' });

    const info = await postJson(app, '/user/public/ban/einfo', {}, known, {
      cookies: { self_unbind_token: token?.value ?? '' },
    });
    expect(info.json().result).toEqual({ is_self_help_baned: true, baned_time: bannedAt, baned_until: null });
    const none = await postJson(app, '/user/public/ban/einfo', {}, known);
    expect(none.json().result).toEqual({ is_self_help_baned: false, baned_time: null, baned_until: null });
  });

  it('refuses a terminated account with 40029', async () => {
    await app.db.updateTable('users').set({ status: 'terminated' }).where('id', '=', ann.id).execute();
    expect((await login(app, byEmail, PASSWORD, known)).json().ret_code).toBe(RetCode.AccountTerminated);
  });

  it('keeps Hong Kong accounts and other accounts on their own side (400601 / 400602)', async () => {
    const hk = await createAccount(app, { email: 'hk@example.com', site: 'HKG' });
    await app.devices.remember(hk.id, known.guid);
    const hkElsewhere = await login(app, { email: 'hk@example.com' }, PASSWORD, known);
    expect(hkElsewhere.json().ret_code).toBe(RetCode.HkAccountOnOtherSite);
    const otherOnHk = await login(app, byEmail, PASSWORD, known, {
      host: 'hk.localhost',
      path: '/user/public/login_compliance',
    });
    expect(otherOnHk.json().ret_code).toBe(RetCode.OtherAccountOnHkSite);
    const eu = await login(app, byEmail, PASSWORD, known, {
      host: 'eu.localhost',
      path: '/user/public/login_compliance',
    });
    expect(eu.json().ret_code).toBe(0);
  });

  it('refuses a stale or replayed encrypted password without counting a failure', async () => {
    const stale = await postJson(
      app,
      '/login',
      { ...byEmail, ...encryptedPassword(app, PASSWORD, 'prod', Date.now() - 10 * 60_000) },
      known,
    );
    expect(stale.json().ret_code).toBe(RetCode.PasswordTimestampStale);
    const payload = { ...byEmail, ...encryptedPassword(app, PASSWORD) };
    expect((await postJson(app, '/login', payload, known)).json().ret_code).toBe(0);
    expect((await postJson(app, '/login', payload, known)).json().ret_code).toBe(
      RetCode.PasswordTimestampStale,
    );
    // A password encrypted for another environment's key does not open here.
    const testnet = await login(app, byEmail, PASSWORD, known, { env: 'testnet' });
    expect(testnet.json().ret_code).toBe(RetCode.PasswordDecryptFailed);
    // None of the refusals above counted as a wrong password.
    expect((await login(app, byEmail, 'wrong', known)).json().pass_err_count).toBe(1);
  });

  it('lets one of a parallel burst of the same ciphertext in: the replay claim rides the address gate', async () => {
    const payload = { ...byEmail, ...encryptedPassword(app, PASSWORD) };
    const codes = (
      await Promise.all(Array.from({ length: 6 }, () => postJson(app, '/login', payload, known)))
    ).map((r) => r.json<{ ret_code: number }>().ret_code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === RetCode.PasswordTimestampStale)).toHaveLength(5);
    // The replays gave their address counts back: the next login needs no code step (3 would).
    const next = await login(app, byEmail, PASSWORD, known);
    expect(next.json().result).toMatchObject({ need_verify: null });
  });

  it('uses the testnet key on a testnet host', async () => {
    const res = await login(app, byEmail, PASSWORD, known, { env: 'testnet', host: 'testnet.localhost' });
    expect(res.json().ret_code).toBe(0);
  });

  it('refuses malformed input with 10001 and changes nothing', async () => {
    const both = await postJson(
      app,
      '/login',
      { ...byEmail, ...byMobile, ...encryptedPassword(app, PASSWORD) },
      known,
    );
    expect(both.json().ret_code).toBe(RetCode.ParamsInvalid);
    const noPassword = await postJson(app, '/login', byEmail, known);
    expect(noPassword.json().ret_code).toBe(RetCode.ParamsInvalid);
    expect((await login(app, byEmail, 'wrong', known)).json().pass_err_count).toBe(1);
  });
});

describe('new device: the login code step', () => {
  it('sends a code instead of a session, then logs in and remembers the device', async () => {
    const phone = device();
    const first = await login(app, byEmail, PASSWORD, phone);
    expect(sessionCookieOf(first)).toBeUndefined();
    const step = first.json().result;
    expect(step).toMatchObject({
      user_id: null,
      new_user: false,
      need_verify: { channel: 'email', masked_target: 'ann***@example.com', expires_in: 600, resend_in: 60 },
    });
    const challenge_id: string = step.need_verify.challenge_id;
    const code = await outboxCode(app, EMAIL, 'login-code');

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await postJson(app, '/user/public/login/verify', { challenge_id, code: wrongCode }, phone);
    expect(wrong.json()).toMatchObject({
      ret_code: RetCode.VerifyCodeInvalid,
      result: { remaining_attempts: 4 },
    });

    // The code is bound to the device that asked for it.
    const elsewhere = await postJson(app, '/user/public/login/verify', { challenge_id, code }, device());
    expect(elsewhere.json().ret_code).toBe(RetCode.VerifyCodeExpired);

    const done = await postJson(app, '/user/public/login/verify', { challenge_id, code }, phone);
    expect(done.json().result).toEqual({ user_id: Number(ann.id), new_user: false, need_verify: null });
    expect((await profile(sessionCookieOf(done))).json().ret_code).toBe(0);
    // Single use.
    const again = await postJson(app, '/user/public/login/verify', { challenge_id, code }, phone);
    expect(again.json().ret_code).toBe(RetCode.VerifyCodeExpired);
    // Known now: the next login needs no code.
    expect((await login(app, byEmail, PASSWORD, phone)).json().result.need_verify).toBeNull();
  });

  it('sends the code by SMS to a mobile-only account', async () => {
    await createAccount(app, { mobile: MOBILE });
    const res = await login(app, byMobile, PASSWORD, device());
    expect(res.json().result.need_verify).toMatchObject({ channel: 'mobile', masked_target: '+447****0123' });
    expect(await outboxCode(app, MOBILE, 'login-code')).toMatch(/^\d{6}$/);
  });

  it('burns the code after 5 wrong attempts', async () => {
    const phone = device();
    const { challenge_id } = (await login(app, byEmail, PASSWORD, phone)).json().result.need_verify;
    const code = await outboxCode(app, EMAIL, 'login-code');
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 0; left--) {
      const res = await postJson(app, '/user/public/login/verify', { challenge_id, code: wrongCode }, phone);
      expect(res.json().result).toEqual({ remaining_attempts: left });
    }
    const late = await postJson(app, '/user/public/login/verify', { challenge_id, code }, phone);
    expect(late.json().ret_code).toBe(RetCode.VerifyCodeExpired);
  });

  it('resends after the cooldown only, and the new code replaces the old', async () => {
    const phone = device();
    const { challenge_id } = (await login(app, byEmail, PASSWORD, phone)).json().result.need_verify;
    const oldCode = await outboxCode(app, EMAIL, 'login-code');
    const soon = await postJson(app, '/user/public/login/verify/resend', { challenge_id }, phone);
    expect(soon.json()).toMatchObject({ ret_code: RetCode.TooFrequent, result: { retry_after: 60 } });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const resent = await postJson(app, '/user/public/login/verify/resend', { challenge_id }, phone);
    expect(resent.json().result).toMatchObject({ challenge_id, expires_in: 600, resend_in: 60 });
    const newCode = await outboxCode(app, EMAIL, 'login-code');
    if (newCode !== oldCode) {
      const old = await postJson(app, '/user/public/login/verify', { challenge_id, code: oldCode }, phone);
      expect(old.json().ret_code).toBe(RetCode.VerifyCodeInvalid);
    }
    const done = await postJson(app, '/user/public/login/verify', { challenge_id, code: newCode }, phone);
    expect(done.json().ret_code).toBe(0);
  });

  it('lets the device registration used log in without a code (app.devices.remember)', async () => {
    const signupDevice = device();
    const carol = await createAccount(app, { email: 'carol@example.com' });
    await app.devices.remember(carol.id, signupDevice.guid);
    const res = await login(app, { email: 'carol@example.com' }, PASSWORD, signupDevice);
    expect(res.json().result.need_verify).toBeNull();
  });
});

describe('sessions', () => {
  it('issues a fresh token on every login and ends the one the browser carried', async () => {
    const first = sessionCookieOf(await login(app, byEmail, PASSWORD, known));
    const elsewhere = await loginFully(app, byEmail, EMAIL, device());
    const second = sessionCookieOf(
      await login(app, byEmail, PASSWORD, known, { cookies: { gh_session: first ?? '' } }),
    );
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect((await profile(first)).json().ret_code).toBe(RetCode.SessionExpired);
    expect((await profile(second)).json().ret_code).toBe(0);
    // Sessions on other devices stay.
    expect((await profile(elsewhere)).json().ret_code).toBe(0);
  });

  it('logs out on the server: the old cookie answers 10006; logging out again is fine', async () => {
    const cookie = sessionCookieOf(await login(app, byEmail, PASSWORD, known));
    const out = await postJson(app, '/logout', { rpProps: {} }, known, {
      cookies: { gh_session: cookie ?? '' },
    });
    expect(out.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: { logged_out: true } });
    expect(out.cookies.find((c) => c.name === 'gh_session')?.value).toBe('');
    expect((await profile(cookie)).json().ret_code).toBe(RetCode.SessionExpired);
    const again = await postJson(app, '/logout', undefined, known, { cookies: { gh_session: cookie ?? '' } });
    expect(again.json().ret_code).toBe(0);
    expect((await postJson(app, '/logout', {}, known)).json().ret_code).toBe(0);
  });

  it('answers 10006 on private routes once the session is idle too long', async () => {
    const cookie = sessionCookieOf(await login(app, byEmail, PASSWORD, known));
    expect((await profile(cookie)).json().ret_code).toBe(0);
    await app.db
      .updateTable('sessions')
      .set({ last_seen_at: Date.now() - app.sessions.idleTimeoutMs - 1 })
      .execute();
    for (const url of ['/x-api/v2/private/user/profile', '/x-api/user/private/user-info']) {
      const res = await app.inject({ url, cookies: { gh_session: cookie ?? '' } });
      expect(res.json()).toMatchObject({ ret_code: RetCode.SessionExpired, result: null });
    }
  });
});
