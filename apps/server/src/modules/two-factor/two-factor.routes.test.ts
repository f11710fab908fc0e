import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { testApp } from '../../test-support/test-app.js';
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
} from '../login/login.test-kit.js';
import { bindAuthenticator, codeAt } from './two-factor.test-kit.js';

/**
 * The account page's authenticator calls (docs/flows/two-factor.md): set-up behind the password,
 * confirmation by a code, backup codes once, off only with a code, and the lost-device removal by
 * e-mail with its waiting period, finished lazily on the next read.
 */
const EMAIL = 'ann.lee@example.com';
const DAY = 24 * 3_600_000;
let app: App;
let userId: string;
let dev: Device;
let cookie: string;
let clock: number;

type Answer = { ret_code: number; result: Record<string, unknown> | null };

beforeEach(async () => {
  clock = Math.floor(Date.now() / 30_000) * 30_000 + 15_000;
  vi.spyOn(Date, 'now').mockImplementation(() => clock);
  app = await testApp();
  userId = (await createAccount(app, { email: EMAIL })).id;
  dev = device();
  cookie = await loginFully(app, { email: EMAIL }, EMAIL, dev);
});
afterEach(async () => {
  await app.close();
  vi.restoreAllMocks();
});

const post = (url: string, payload: unknown = {}, c = cookie) =>
  postJson(app, `/user/private/google2fa${url}`, payload, dev, { cookies: { gh_session: c } });
const get = async (url: string) =>
  (await app.inject({ url: `/x-api${url}`, cookies: { gh_session: cookie } })).json<Answer>();
const codeOf = (res: { json(): unknown }) => (res.json() as Answer).ret_code;

/** Messages of `kind` sent to `to` (the dev outbox, newest first). */
async function sent(to: string, kind: string): Promise<number> {
  await app.delivery.settled();
  const res = await app.inject({ url: `/dev/outbox.json?to=${encodeURIComponent(to)}&limit=50` });
  return res.json<{ messages: { kind: string }[] }>().messages.filter((m) => m.kind === kind).length;
}

describe('set-up', () => {
  it('needs the password, then a current code; answers the backup codes once', async () => {
    expect((await get('/user/private/google2fa/status')).result).toEqual({
      enabled: false,
      enabled_at: null,
      backup_codes_left: 0,
      unbind_effective_at: null,
    });
    expect(codeOf(await post('/setup', encryptedPassword(app, 'not the password')))).toBe(
      RetCode.PasswordWrong,
    );
    // Without a started set-up there is nothing to confirm.
    expect(codeOf(await post('/enable', { code: '123456' }))).toBe(RetCode.TwoFactorSetupExpired);

    const setup = (await post('/setup', encryptedPassword(app, PASSWORD))).json<Answer>();
    expect(setup.ret_code).toBe(0);
    const { secret, otpauth_uri } = setup.result as { secret: string; otpauth_uri: string };
    expect(otpauth_uri).toContain(`secret=${secret}`);
    expect(otpauth_uri).toContain(encodeURIComponent(EMAIL));
    // Not in force until confirmed.
    expect((await get('/user/private/user-info')).result).toMatchObject({ has_google2fa: false });

    const wrong = await post('/enable', { code: codeAt(secret, 3) });
    expect(wrong.json()).toMatchObject({
      ret_code: RetCode.VerifyCodeInvalid,
      result: { remaining_attempts: 4 },
    });
    const enabled = (await post('/enable', { code: codeAt(secret) })).json<Answer>();
    expect(enabled.ret_code).toBe(0);
    const codes = (enabled.result as { backup_codes: string[] }).backup_codes;
    expect(codes).toHaveLength(10);

    expect((await get('/user/private/google2fa/status')).result).toEqual({
      enabled: true,
      enabled_at: clock,
      backup_codes_left: 10,
      unbind_effective_at: null,
    });
    expect((await get('/user/private/user-info')).result).toMatchObject({ has_google2fa: true });
    expect(await sent(EMAIL, 'two-factor-enabled')).toBe(1);
    // Once: the codes are nowhere to be read again, and a second set-up is refused.
    expect(JSON.stringify(await get('/user/private/google2fa/status'))).not.toContain(codes[0]);
    expect(codeOf(await post('/setup', encryptedPassword(app, PASSWORD)))).toBe(
      RetCode.TwoFactorAlreadyEnabled,
    );
    expect(codeOf(await post('/enable', { code: codeAt(secret, 1) }))).toBe(RetCode.TwoFactorAlreadyEnabled);
  });

  it('refuses a stale set-up: ten minutes to confirm', async () => {
    const setup = (await post('/setup', encryptedPassword(app, PASSWORD))).json<Answer>();
    const { secret } = setup.result as { secret: string };
    clock += 10 * 60_000 + 1;
    expect(codeOf(await post('/enable', { code: codeAt(secret) }))).toBe(RetCode.TwoFactorSetupExpired);
  });
});

describe('turning it off', () => {
  it('needs a current code or a backup code', async () => {
    expect(codeOf(await post('/disable', { code: '123456' }))).toBe(RetCode.TwoFactorNotEnabled);
    const auth = await bindAuthenticator(app, cookie, dev);
    // A wrong code changes nothing; neither does a missing one.
    expect(codeOf(await post('/disable', { code: codeAt(auth.secret, 5) }))).toBe(RetCode.VerifyCodeInvalid);
    expect(codeOf(await post('/disable', { backup_code: 'zzzzz-zzzzz' }))).toBe(RetCode.VerifyCodeInvalid);
    expect(codeOf(await post('/disable', {}))).toBe(RetCode.ParamsInvalid);
    expect((await get('/user/private/user-info')).result).toMatchObject({ has_google2fa: true });

    // The step the set-up was confirmed in is spent; the next one turns it off.
    expect(codeOf(await post('/disable', { code: codeAt(auth.secret) }))).toBe(RetCode.TwoFactorCodeReused);
    clock += 30_000;
    expect((await post('/disable', { code: codeAt(auth.secret) })).json()).toMatchObject({
      ret_code: 0,
      result: { enabled: false },
    });
    expect((await get('/user/private/user-info')).result).toMatchObject({ has_google2fa: false });
    expect(await sent(EMAIL, 'two-factor-disabled')).toBe(1);
    // The next login needs no code.
    const next = await login(app, { email: EMAIL }, PASSWORD, dev);
    expect(sessionCookieOf(next)).toBeDefined();

    // On again (new secret, new backup codes), and off with a backup code.
    clock += 30_000;
    const again = await bindAuthenticator(app, cookie, dev);
    expect(again.backupCodes).not.toContain(auth.backupCodes[0]);
    expect(codeOf(await post('/disable', { backup_code: auth.backupCodes[0] ?? '' }))).toBe(
      RetCode.VerifyCodeInvalid,
    );
    expect(codeOf(await post('/disable', { backup_code: again.backupCodes[0] ?? '' }))).toBe(0);
  });
});

describe('lost device: removal by e-mail', () => {
  it('schedules it with the e-mailed code, and finishes it after the waiting period on the next read', async () => {
    await bindAuthenticator(app, cookie, dev);
    const sentCode = (await post('/unbind/send-email-code')).json<Answer>();
    expect(sentCode).toMatchObject({
      ret_code: 0,
      result: { channel: 'email', masked_target: 'ann***@example.com', resend_in: 60 },
    });
    // One send a minute.
    expect(codeOf(await post('/unbind/send-email-code'))).toBe(RetCode.TooFrequent);
    const code = await outboxCode(app, EMAIL, 'two-factor-unbind-code');
    expect(codeOf(await post('/unbind', { code: code === '000000' ? '111111' : '000000' }))).toBe(
      RetCode.VerifyCodeInvalid,
    );
    const scheduled = (await post('/unbind', { code })).json<Answer>();
    expect(scheduled).toEqual({ ret_code: 0, ret_msg: 'OK', result: { unbind_effective_at: clock + DAY } });
    expect(await sent(EMAIL, 'two-factor-unbind-scheduled')).toBe(1);
    expect((await get('/user/private/google2fa/status')).result).toMatchObject({
      enabled: true,
      unbind_effective_at: clock + DAY,
    });
    clock += 61_000;
    expect(codeOf(await post('/unbind/send-email-code'))).toBe(RetCode.TwoFactorUnbindPending);

    // Still in force during the waiting period: the login asks for it.
    clock += DAY - 120_000;
    const before = (await login(app, { email: EMAIL }, PASSWORD, dev)).json<Answer>();
    expect(before.result).toMatchObject({ need_2fa: { methods: ['totp', 'backup_code'] } });

    // After it: whichever read comes first finishes it, once, and mails once. (A day later the old
    // session has lapsed; a session made directly, so no login gets there first.)
    clock += 120_000;
    cookie = await app.sessions.create(userId, { userAgent: null, ip: dev.ip });
    const reads = await Promise.all([
      get('/user/private/user-info'),
      get('/user/private/user-info'),
      get('/user/private/google2fa/status'),
    ]);
    expect(reads.map((r) => r.ret_code)).toEqual([0, 0, 0]);
    expect(reads[0]?.result).toMatchObject({ has_google2fa: false });
    expect(reads[2]?.result).toMatchObject({ enabled: false });
    expect(await sent(EMAIL, 'two-factor-disabled')).toBe(1);
    const after = await login(app, { email: EMAIL }, PASSWORD, dev);
    expect(sessionCookieOf(after)).toBeDefined();
  });

  it('is finished by the next login too, and can be cancelled before', async () => {
    await bindAuthenticator(app, cookie, dev);
    await post('/unbind/send-email-code');
    await post('/unbind', { code: await outboxCode(app, EMAIL, 'two-factor-unbind-code') });
    expect((await post('/unbind/cancel')).json()).toMatchObject({ ret_code: 0, result: { cancelled: true } });
    expect((await post('/unbind/cancel')).json()).toMatchObject({
      ret_code: 0,
      result: { cancelled: false },
    });
    clock += DAY + 1;
    cookie = await app.sessions.create(userId, { userAgent: null, ip: dev.ip });
    expect((await get('/user/private/google2fa/status')).result).toMatchObject({
      enabled: true,
      unbind_effective_at: null,
    });

    // Scheduled again, then the waiting period passes: the login itself finishes it.
    clock += 61_000;
    await post('/unbind/send-email-code');
    await post('/unbind', { code: await outboxCode(app, EMAIL, 'two-factor-unbind-code') });
    clock += DAY;
    const res = await login(app, { email: EMAIL }, PASSWORD, dev);
    expect(res.json()).toMatchObject({ ret_code: 0, result: { need_verify: null } });
    expect(sessionCookieOf(res)).toBeDefined();
    expect(await sent(EMAIL, 'two-factor-disabled')).toBe(1);
  });

  it('answers 20035 without an e-mail to send to, or without an authenticator', async () => {
    expect(codeOf(await post('/unbind/send-email-code'))).toBe(RetCode.Unbind2faSendCode);
    const mobileOnly = await createAccount(app, { mobile: '+447700900456' });
    const phone = device();
    await app.devices.remember(mobileOnly.id, phone.guid);
    const res = await login(app, { country_code: '44', mobile: '7700900456' }, PASSWORD, phone);
    const phoneCookie = sessionCookieOf(res) ?? '';
    await bindAuthenticator(app, phoneCookie, phone);
    const answer = await postJson(app, '/user/private/google2fa/unbind/send-email-code', {}, phone, {
      cookies: { gh_session: phoneCookie },
    });
    expect(codeOf(answer)).toBe(RetCode.Unbind2faSendCode);
  });
});
