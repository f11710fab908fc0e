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
  type Device,
} from '../login/login.test-kit.js';

const EMAIL = 'ann.lee@example.com';
const NEW_PASSWORD = 'a brand new harbour light';
let app: App;
let ann: Account;
let dev: Device;

beforeEach(async () => {
  app = await testApp();
  ann = await createAccount(app, { email: EMAIL });
  dev = device();
});
afterEach(async () => {
  vi.useRealTimers();
  await app.close();
});

const send = (identifier: Record<string, string>, d: Device = dev) =>
  postJson(app, '/user/public/password/reset/send-code', identifier, d);
const verify = (identifier: Record<string, string>, code: string, d: Device = dev) =>
  postJson(app, '/user/public/password/reset/verify', { ...identifier, code }, d);
const reset = (reset_token: string, password: string, d: Device = dev) =>
  postJson(app, '/user/public/password/reset', { reset_token, ...encryptedPassword(app, password) }, d);
const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

describe('forgot password', () => {
  it('resets end to end: old password stops working, sessions end, lockout clears, notice sent', async () => {
    const before = await loginFully(app, { email: EMAIL }, EMAIL, device());
    const guesser = device(undefined, '198.51.100.9');
    for (let n = 0; n < 6; n++) await login(app, { email: EMAIL }, 'wrong', guesser);
    expect((await login(app, { email: EMAIL }, PASSWORD, guesser)).json().ret_code).toBe(
      RetCode.TooManyPasswordErrors,
    );

    const sent = await send({ email: EMAIL });
    expect(sent.json().result).toEqual({ accepted: true, channel: 'email', expires_in: 600, resend_in: 60 });
    const code = await outboxCode(app, EMAIL, 'reset-code');
    const verified = await verify({ email: EMAIL }, code);
    const { reset_token, expires_in } = verified.json().result;
    expect(expires_in).toBe(900);

    // The policy still applies; a refused password keeps the token usable.
    expect((await reset(reset_token, 'password')).json()).toMatchObject({
      ret_code: RetCode.PasswordTooWeak,
      result: { reason: 'common' },
    });
    const done = await reset(reset_token, NEW_PASSWORD);
    expect(done.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: { password_changed: true } });
    // Single use.
    expect((await reset(reset_token, NEW_PASSWORD)).json().ret_code).toBe(RetCode.PasswordResetExpired);

    const profile = await app.inject({
      url: '/x-api/v2/private/user/profile',
      cookies: { gh_session: before },
    });
    expect(profile.json().ret_code).toBe(RetCode.SessionExpired);
    expect(await outboxCode(app, EMAIL, 'password-changed').catch(() => 'no code')).toBe('no code');
    const notice = await app.inject({ url: `/dev/outbox.json?to=${EMAIL}` });
    expect(notice.json().messages[0].kind).toBe('password-changed');

    expect((await login(app, { email: EMAIL }, PASSWORD, dev)).json().ret_code).toBe(RetCode.PasswordWrong);
    // The device that reset is trusted; a new password starts every count afresh.
    const ok = await login(app, { email: EMAIL }, NEW_PASSWORD, dev);
    expect(ok.json()).toMatchObject({ ret_code: 0, result: { user_id: Number(ann.id), need_verify: null } });
    expect((await login(app, { email: EMAIL }, NEW_PASSWORD, guesser)).json().ret_code).toBe(0);
  });

  it('answers an unknown identifier exactly like a known one, and sends nothing', async () => {
    const known = await send({ email: EMAIL });
    const unknown = await send({ email: 'nobody@example.com' });
    expect(unknown.json()).toEqual(known.json());
    const outbox = await app.inject({ url: '/dev/outbox.json?to=nobody@example.com' });
    expect(outbox.json().messages).toEqual([]);
    // Verify: the same "wrong code" answers and attempt count, then the same "expired".
    for (let left = 4; left >= 0; left--) {
      const a = await verify({ email: EMAIL }, '123456');
      const b = await verify({ email: 'nobody@example.com' }, '123456');
      if (a.json().ret_code === 0) return; // 1 in 10^6: the guess was the real code
      expect(b.json()).toEqual(a.json());
      expect(b.json()).toMatchObject({
        ret_code: RetCode.VerifyCodeInvalid,
        result: { remaining_attempts: left },
      });
    }
    expect((await verify({ email: 'nobody@example.com' }, '123456')).json().ret_code).toBe(
      RetCode.VerifyCodeExpired,
    );
  });

  it('rate-limits sends per identifier (10016 with retry_after), then allows a new code', async () => {
    await send({ email: EMAIL });
    const soon = await send({ email: EMAIL });
    expect(soon.json()).toMatchObject({ ret_code: RetCode.TooFrequent, result: { retry_after: 60 } });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect((await send({ email: EMAIL })).json().ret_code).toBe(0);
  });

  it('burns the code after 5 wrong attempts and refuses expired codes', async () => {
    await send({ email: EMAIL });
    const code = await outboxCode(app, EMAIL, 'reset-code');
    for (let n = 0; n < 5; n++) await verify({ email: EMAIL }, wrongOf(code));
    expect((await verify({ email: EMAIL }, code)).json().ret_code).toBe(RetCode.VerifyCodeExpired);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    await send({ email: EMAIL });
    const fresh = await outboxCode(app, EMAIL, 'reset-code');
    vi.setSystemTime(Date.now() + 11 * 60_000);
    expect((await verify({ email: EMAIL }, fresh)).json().ret_code).toBe(RetCode.VerifyCodeExpired);
  });

  it('resets a mobile account by SMS', async () => {
    await createAccount(app, { mobile: '+447700900123' });
    const id = { country_code: '44', mobile: '7700 900123' };
    expect((await send(id)).json().result.channel).toBe('mobile');
    const code = await outboxCode(app, '+447700900123', 'reset-code');
    const token = (await verify(id, code)).json().result.reset_token;
    expect((await reset(token, NEW_PASSWORD)).json().ret_code).toBe(0);
  });

  it('refuses a junk reset token with 31050', async () => {
    expect((await reset('x'.repeat(43), NEW_PASSWORD)).json().ret_code).toBe(RetCode.PasswordResetExpired);
  });
});
