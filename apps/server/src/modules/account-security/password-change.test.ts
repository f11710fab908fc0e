import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { testApp } from '../../test-support/test-app.js';
import {
  createAccount,
  device,
  encryptedPassword,
  login,
  loginFully,
  PASSWORD,
  postJson,
  sessionCookieOf,
  type Device,
} from '../login/login.test-kit.js';

/**
 * Change password from the account page (issue 17, docs/flows/sessions.md): the current password
 * first (counted toward the lockout, so a stolen session cannot guess it), the policy on the new one,
 * then every other session ends and the account is told by mail.
 */
const EMAIL = 'change.pw@example.com';
const NEW = 'a brand new pass phrase';
let app: App;
let dev: Device;
let cookie: string;

beforeEach(async () => {
  app = await testApp();
  await createAccount(app, { email: EMAIL });
  dev = device();
  cookie = await loginFully(app, { email: EMAIL }, EMAIL, dev);
});
afterEach(() => app.close());

const change = (current: string, next: string, c = cookie, from = dev) =>
  postJson(
    app,
    '/user/private/password/change',
    { current: encryptedPassword(app, current), new_password: encryptedPassword(app, next) },
    from,
    { cookies: { gh_session: c } },
  );
const codeOf = (res: { json(): unknown }) => (res.json() as { ret_code: number }).ret_code;
const profileCode = async (c: string) =>
  (await app.inject({ url: '/x-api/v2/private/user/profile', cookies: { gh_session: c } })).json<{
    ret_code: number;
  }>().ret_code;
async function sent(kind: string): Promise<number> {
  await app.delivery.settled();
  const res = await app.inject({ url: `/dev/outbox.json?to=${encodeURIComponent(EMAIL)}&limit=50` });
  return res.json<{ messages: { kind: string }[] }>().messages.filter((m) => m.kind === kind).length;
}

describe('change password', () => {
  it('sets the new one, ends every other session, keeps this one and mails the account', async () => {
    const phone = device();
    const onPhone = await loginFully(app, { email: EMAIL }, EMAIL, phone);
    const res = await change(PASSWORD, NEW);
    expect(res.json()).toEqual({
      ret_code: 0,
      ret_msg: 'OK',
      result: { password_changed: true, sessions_ended: 1 },
    });
    expect(await profileCode(onPhone)).toBe(RetCode.SessionExpired);
    expect(await profileCode(cookie)).toBe(RetCode.Ok);
    expect(await sent('password-changed')).toBe(1);
    expect(codeOf(await login(app, { email: EMAIL }, PASSWORD, dev))).toBe(RetCode.PasswordWrong);
    expect(sessionCookieOf(await login(app, { email: EMAIL }, NEW, dev))).toBeDefined();
    // The phone was a known device; after the change it proves itself again with a code.
    const again = await login(app, { email: EMAIL }, NEW, phone);
    expect(again.json()).toMatchObject({ ret_code: 0, result: { need_verify: { channel: 'email' } } });
  });

  it('refuses a wrong current password (31002 with the count) and changes nothing', async () => {
    const phone = await app.sessions.create((await app.accounts.findByLoginName(EMAIL))?.id ?? '');
    const res = await change('not my password', NEW);
    expect(res.json()).toMatchObject({
      ret_code: RetCode.PasswordWrong,
      result: { pass_err_count: 1 },
    });
    expect(await profileCode(phone)).toBe(RetCode.Ok);
    expect(await sent('password-changed')).toBe(0);
    expect(sessionCookieOf(await login(app, { email: EMAIL }, PASSWORD, dev))).toBeDefined();
  });

  it('applies the password policy to the new one (20006 with the reason)', async () => {
    expect((await change(PASSWORD, 'short')).json()).toMatchObject({
      ret_code: RetCode.PasswordTooWeak,
      result: { reason: 'too-short' },
    });
    expect((await change(PASSWORD, 'password123')).json()).toMatchObject({
      ret_code: RetCode.PasswordTooWeak,
      result: { reason: 'common' },
    });
    expect(sessionCookieOf(await login(app, { email: EMAIL }, PASSWORD, dev))).toBeDefined();
  });

  it('cannot be used to guess the password: parallel wrong guesses lock it, and then the right one is refused too', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => change(`guess number ${i}`, NEW)));
    const codes = answers.map(codeOf);
    // (Eight and then one more: the route allows ten a minute per address.)
    // The per-source lockout counts before it verifies: at most `threshold` guesses are checked.
    expect(codes.filter((c) => c === RetCode.PasswordWrong).length).toBeLessThanOrEqual(
      app.passwordAttempts.policy.threshold - 1,
    );
    expect(codes.filter((c) => c === RetCode.TooManyPasswordErrors).length).toBeGreaterThan(0);
    expect(codes.every((c) => c === RetCode.PasswordWrong || c === RetCode.TooManyPasswordErrors)).toBe(true);
    expect(codeOf(await change(PASSWORD, NEW))).toBe(RetCode.TooManyPasswordErrors);
  });

  it('needs a session (10006), and a replayed submission is refused', async () => {
    expect(codeOf(await change(PASSWORD, NEW, ''))).toBe(RetCode.SessionExpired);
    const body = { current: encryptedPassword(app, PASSWORD), new_password: encryptedPassword(app, NEW) };
    const first = await postJson(app, '/user/private/password/change', body, dev, {
      cookies: { gh_session: cookie },
    });
    expect(codeOf(first)).toBe(RetCode.Ok);
    const replay = await postJson(app, '/user/private/password/change', body, dev, {
      cookies: { gh_session: cookie },
    });
    expect(codeOf(replay)).not.toBe(RetCode.Ok);
  });
});
