import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CAPTCHA_SCENE,
  RetCode,
  SELF_UNBAN_WINDOW_MS,
  SELF_UNBLOCK_CODE_MAX_ATTEMPTS,
} from '@gatehouse/contract';
import type { App } from '../../app.js';
import { testApp } from '../../test-support/test-app.js';
import type { Account } from '../accounts/accounts.repository.js';
import { createBanAdmin } from '../bans/ban-admin.js';
import { CHEAP_CAPTCHA_ENV, solveCaptcha } from '../captcha/captcha.test-kit.js';
import {
  createAccount,
  device,
  encryptedPassword,
  login,
  outboxCode,
  PASSWORD,
  postJson,
  sessionCookieOf,
  type Device,
} from '../login/login.test-kit.js';

const EMAIL = 'ann.lee@example.com';
const HOUR = 3_600_000;
const SEND = '/user/public/ban/unblock/send-code';
const UNBLOCK = '/user/public/ban/unblock';
const EINFO = '/user/public/ban/einfo';

let app: App;
let ann: Account;
let dev: Device;

async function setUp(env: Record<string, string> = {}) {
  app = await testApp(env);
  ann = await createAccount(app, { email: EMAIL });
  dev = device();
  await app.devices.remember(ann.id, dev.guid);
}
afterEach(() => app.close());

const ban = (terms: { ageMs?: number; selfHelp?: boolean; until?: number | null } = {}) =>
  createBanAdmin(app.db).ban(ann.id, {
    reason: 'test',
    until: terms.until ?? null,
    selfHelp: terms.selfHelp ?? true,
    bannedAt: Date.now() - (terms.ageMs ?? 25 * HOUR),
  });

/** Log in with the right password: the 31003 answer and its self_unbind_token cookie. */
async function refusedLogin(host?: string) {
  const res = await login(app, { email: EMAIL }, PASSWORD, dev, host ? { host } : {});
  const token = res.cookies.find((c) => c.name === 'self_unbind_token')?.value ?? '';
  return { body: res.json(), token };
}

const post = (url: string, body: unknown, token: string | null, host?: string) =>
  postJson(app, url, body, dev, {
    ...(token !== null ? { cookies: { self_unbind_token: token } } : {}),
    ...(host ? { host } : {}),
  });
const codeOf = (res: { json: () => { ret_code: number } }) => res.json().ret_code;

describe('login and ban/einfo read the ban record', () => {
  beforeEach(() => setUp());

  it('answers 31003 with baned_time, baned_until and self-help; ban/einfo the same', async () => {
    const until = Date.now() + 72 * HOUR;
    const { ban: record } = await ban({ ageMs: 2 * HOUR, selfHelp: false, until });
    const { body, token } = await refusedLogin();
    const expected = { is_self_help_baned: false, baned_time: record.bannedAt, baned_until: until };
    expect(body).toMatchObject({ ret_code: RetCode.AccountBanned, result: expected });
    expect((await post(EINFO, {}, token)).json().result).toEqual(expected);
    // A forged or missing cookie reads as no ban.
    const none = { is_self_help_baned: false, baned_time: null, baned_until: null };
    expect((await post(EINFO, {}, 'A'.repeat(43))).json().result).toEqual(none);
    expect((await post(EINFO, {}, null)).json().result).toEqual(none);
  });

  it('lets an account in once its ban has ended', async () => {
    await ban({ ageMs: 2 * HOUR, until: Date.now() + HOUR });
    expect((await refusedLogin()).body.ret_code).toBe(RetCode.AccountBanned);
    // The hour passes (the record's end moves into the past, as the clock would move past it).
    await app.db
      .updateTable('account_bans')
      .set({ banned_until: Date.now() - 1 })
      .execute();
    const res = await login(app, { email: EMAIL }, PASSWORD, dev);
    expect(res.json().ret_code).toBe(0);
    expect(sessionCookieOf(res)).toBeDefined();
  });
});

describe('self-unblock', () => {
  beforeEach(() => setUp());

  it('sends a code to the e-mail and lifts the ban with it; the cookie is spent', async () => {
    await ban();
    const { token } = await refusedLogin();
    const sent = await post(SEND, {}, token);
    expect(sent.json()).toMatchObject({
      ret_code: 0,
      result: {
        channel: 'email',
        masked_target: expect.stringMatching(/\*/),
        expires_in: 600,
        resend_in: 60,
      },
    });
    const code = await outboxCode(app, EMAIL, 'self-unblock-code');
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await post(UNBLOCK, { code: wrong }, token)).json()).toMatchObject({
      ret_code: RetCode.VerifyCodeInvalid,
      result: { remaining_attempts: SELF_UNBLOCK_CODE_MAX_ATTEMPTS - 1 },
    });
    const lifted = await post(UNBLOCK, { code }, token);
    expect(lifted.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: { unbanned: true } });
    expect(lifted.cookies.find((c) => c.name === 'self_unbind_token')?.value).toBe('');

    // The same code and cookie again: nothing left to lift.
    expect(codeOf(await post(UNBLOCK, { code }, token))).toBe(RetCode.SelfUnbanUnavailable);
    expect((await post(EINFO, {}, token)).json().result.baned_time).toBeNull();
    expect((await login(app, { email: EMAIL }, PASSWORD, dev)).json().ret_code).toBe(0);
  });

  it('sends to the mobile when asked (or when there is no e-mail)', async () => {
    await app.db.updateTable('users').set({ mobile: '+447700900123' }).where('id', '=', ann.id).execute();
    await ban();
    const { token } = await refusedLogin();
    const sent = await post(SEND, { channel: 'mobile' }, token);
    expect(sent.json().result).toMatchObject({ channel: 'mobile', masked_target: '+447****0123' });
    expect(await outboxCode(app, '+447700900123', 'self-unblock-code')).toMatch(/^\d{6}$/);
  });

  it('answers 31040 within 24 h, for a ban without self-help, on a site without self-unblock, and to a forged cookie', async () => {
    await ban({ ageMs: SELF_UNBAN_WINDOW_MS - 60_000 });
    const early = await refusedLogin();
    expect(codeOf(await post(SEND, {}, early.token))).toBe(RetCode.SelfUnbanUnavailable);
    expect(codeOf(await post(UNBLOCK, { code: '123456' }, early.token))).toBe(RetCode.SelfUnbanUnavailable);

    await ban({ selfHelp: false });
    const noHelp = await refusedLogin();
    expect(codeOf(await post(SEND, {}, noHelp.token))).toBe(RetCode.SelfUnbanUnavailable);

    await ban();
    const eu = await refusedLogin('eu.localhost');
    expect(codeOf(await post(SEND, {}, eu.token, 'eu.localhost'))).toBe(RetCode.SelfUnbanUnavailable);

    expect(codeOf(await post(SEND, {}, 'A'.repeat(43)))).toBe(RetCode.SelfUnbanUnavailable);
    expect(codeOf(await post(SEND, {}, null))).toBe(RetCode.SelfUnbanUnavailable);
    expect(codeOf(await post(SEND, {}, eu.token))).toBe(0);
  });

  it('allows one send a minute per account, also in parallel', async () => {
    await ban();
    const { token } = await refusedLogin();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(SEND, {}, token)));
    const codes = answers.map(codeOf);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === RetCode.TooFrequent)).toHaveLength(4);
    const refused = answers.find((a) => codeOf(a) === RetCode.TooFrequent);
    expect(refused?.json().result.retry_after).toBeGreaterThan(0);
  });

  it('compares at most 5 parallel guesses, then the code is gone', async () => {
    await ban();
    const { token } = await refusedLogin();
    await post(SEND, {}, token);
    const code = await outboxCode(app, EMAIL, 'self-unblock-code');
    const guesses = Array.from({ length: 20 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = (await Promise.all(guesses.map((g) => post(UNBLOCK, { code: g }, token)))).map(codeOf);
    expect(answers.filter((c) => c === RetCode.VerifyCodeInvalid)).toHaveLength(
      SELF_UNBLOCK_CODE_MAX_ATTEMPTS,
    );
    expect(answers.filter((c) => c === RetCode.VerifyCodeExpired)).toHaveLength(
      20 - SELF_UNBLOCK_CODE_MAX_ATTEMPTS,
    );
    // The right code after the attempts are spent no longer lifts anything.
    expect(codeOf(await post(UNBLOCK, { code }, token))).toBe(RetCode.VerifyCodeExpired);
    expect((await createBanAdmin(app.db).show(ann.id)).ban).not.toBeNull();
  });

  it('lifts once when the right code arrives several times at once', async () => {
    await ban();
    const { token } = await refusedLogin();
    await post(SEND, {}, token);
    const code = await outboxCode(app, EMAIL, 'self-unblock-code');
    const answers = (await Promise.all(Array.from({ length: 6 }, () => post(UNBLOCK, { code }, token)))).map(
      codeOf,
    );
    expect(answers.filter((c) => c === 0)).toHaveLength(1);
    expect(
      answers.every((c) => [0, RetCode.VerifyCodeExpired, RetCode.SelfUnbanUnavailable].includes(c)),
    ).toBe(true);
  });

  it('does not lift a ban the operator replaced after the code was sent', async () => {
    await ban();
    const { token } = await refusedLogin();
    await post(SEND, {}, token);
    const code = await outboxCode(app, EMAIL, 'self-unblock-code');
    await ban({ ageMs: 26 * HOUR });
    expect(codeOf(await post(UNBLOCK, { code }, token))).toBe(RetCode.VerifyCodeExpired);
    expect((await createBanAdmin(app.db).show(ann.id)).ban).not.toBeNull();
  });
});

describe('self-unblock with the captcha on', () => {
  beforeEach(() => setUp(CHEAP_CAPTCHA_ENV));

  it('send-code asks for the site login scene', async () => {
    await ban();
    const res = await login(app, { email: EMAIL }, PASSWORD, dev);
    // Login itself passed its captcha in a real browser; here we only need the cookie from a refusal.
    expect(codeOf(res)).toBe(RetCode.CaptchaRequired);
    const loginCaptcha = await solveCaptcha(app, CAPTCHA_SCENE.LOGIN);
    const refused = await postJson(
      app,
      '/login',
      { ...encryptedPassword(app, PASSWORD), email: EMAIL, captcha: loginCaptcha },
      dev,
    );
    const token = refused.cookies.find((c) => c.name === 'self_unbind_token')?.value ?? '';
    expect(codeOf(await post(SEND, {}, token))).toBe(RetCode.CaptchaRequired);
    const captcha = await solveCaptcha(app, CAPTCHA_SCENE.LOGIN);
    expect(codeOf(await post(SEND, { captcha }, token))).toBe(0);
  });
});
