import crypto from 'node:crypto';
import { RetCode } from '@gatehouse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { testApp } from '../../test-support/test-app.js';
import {
  PASSWORD,
  createAccount,
  device,
  loginFully,
  postJson,
  type Device,
} from '../login/login.test-kit.js';
import { GOOD_PASSWORD, encryptedPassword, latestCode, post } from '../registration/registration.test-kit.js';
import { miniInitData, tgUser } from './telegram.test-kit.js';

// The pending bind handed out by an unbound Telegram login (40004) completes through the real
// login and sign-up routes: the account that logs in or is created gets that Telegram account.

let app: App;
beforeAll(async () => {
  app = await testApp({ CAPTCHA_ENABLED: '0' });
});
afterAll(() => app.close());

async function pendingBind(dev: Device, user = tgUser()): Promise<string> {
  const res = await postJson(
    app,
    '/user/public/login/thirdparty',
    { third_type: 'telegram', telegram_callback_mini: miniInitData(app, user) },
    dev,
  );
  const body = res.json<{ ret_code: number; result: { tg_pending_id: string } }>();
  expect(body.ret_code).toBe(RetCode.ThirdPartyNotBound);
  return body.result.tg_pending_id;
}

async function boundStatus(userId: string): Promise<number> {
  const session = await app.sessions.create(userId);
  const res = await app.inject({
    url: '/x-api/user/private/telegram-bind-status',
    headers: { platform: 'pc' },
    cookies: { gh_session: session },
  });
  return res.json<{ result: { status: number } }>().result.status;
}

describe('pending Telegram bind through login and sign-up', () => {
  it('login with tg_pending_id binds the Telegram account (login-and-bind)', async () => {
    const email = `${crypto.randomUUID()}@example.com`;
    const account = await createAccount(app, { email });
    const dev = device();
    await loginFully(app, { email }, email, dev); // makes the device known
    const pendingId = await pendingBind(dev);

    const res = await postJson(
      app,
      '/login',
      { email, ...encryptedPassword(app, PASSWORD), tg_pending_id: pendingId },
      dev,
    );
    const body = res.json<{ ret_code: number; result: { tg_bind_result?: string } }>();
    expect(body.ret_code).toBe(0);
    expect(body.result.tg_bind_result).toBe('success|login_bind');
    expect(await boundStatus(account.id)).toBe(1);
  });

  it('a login without a pending id answers no tg_bind_result and binds nothing', async () => {
    const email = `${crypto.randomUUID()}@example.com`;
    const account = await createAccount(app, { email });
    const dev = device();
    await loginFully(app, { email }, email, dev);
    const res = await postJson(app, '/login', { email, ...encryptedPassword(app, PASSWORD) }, dev);
    expect(res.json<{ result: Record<string, unknown> }>().result).not.toHaveProperty('tg_bind_result');
    expect(await boundStatus(account.id)).toBe(0);
  });

  it('the sign-up password step with tg_pending_id binds the new account (register-and-bind)', async () => {
    const dev = device();
    const pendingId = await pendingBind(dev);
    const email = `${crypto.randomUUID()}@example.com`;
    const headers = dev.headers;
    const info = await post(app, '/user/public/register/info', { email }, { headers });
    const uuid = info.json<{ result: { uuid: string } }>().result.uuid;
    await post(
      app,
      '/user/public/register/verify',
      { uuid, code: await latestCode(app, email) },
      { headers },
    );
    const done = await post(
      app,
      '/user/public/register/password',
      { uuid, ...encryptedPassword(app, GOOD_PASSWORD), tg_pending_id: pendingId },
      { headers },
    );
    const body = done.json<{ ret_code: number; result: { user_id: number; tg_bind_result?: string } }>();
    expect(body.ret_code).toBe(0);
    expect(body.result.tg_bind_result).toBe('success|register_bind');
    expect(await boundStatus(String(body.result.user_id))).toBe(1);
  });

  it('a malformed tg_pending_id is refused before anything is written', async () => {
    const email = `${crypto.randomUUID()}@example.com`;
    await createAccount(app, { email });
    const dev = device();
    const res = await postJson(
      app,
      '/login',
      { email, ...encryptedPassword(app, PASSWORD), tg_pending_id: 'x' },
      dev,
    );
    expect(res.json<{ ret_code: number }>().ret_code).toBe(RetCode.ParamsInvalid);
  });
});
