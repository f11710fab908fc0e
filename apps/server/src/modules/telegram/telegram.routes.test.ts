import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HEADER,
  RetCode,
  SESSION_TRANSPORT_HEADER_VALUE,
  TELEGRAM_REAUTH_WINDOW_MS,
} from '@gatehouse/contract';
import type { App } from '../../app.js';
import { testApp } from '../../test-support/test-app.js';
import { encryptedPassword, PASSWORD } from '../login/login.test-kit.js';
import { accountWithSession, call, miniInitData, tgUser, widgetCallback } from './telegram.test-kit.js';

let app: App;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

describe('bind, status and unbind', () => {
  it('binds with Login Widget data, shows the Telegram user, unbinds', async () => {
    const { cookies } = await accountWithSession(app);
    const user = tgUser({ username: 'anna_tg', last_name: 'Lee', photo_url: 'https://t.me/i/anna.jpg' });
    const none = await call(app, 'GET', '/user/private/telegram-bind-status', { cookies });
    expect(none.body).toMatchObject({ ret_code: 0, result: { status: 0 } });
    expect(none.body.result).not.toHaveProperty('telegram_user');

    const bound = await call(app, 'POST', '/user/private/bind/telegram', {
      cookies,
      payload: { telegram_callback: widgetCallback(app, user) },
    });
    const telegramUser = {
      id: String(user.id),
      username: 'anna_tg',
      first_name: 'Tess',
      last_name: 'Lee',
      photo_url: 'https://t.me/i/anna.jpg',
    };
    expect(bound.body).toEqual({
      ret_code: 0,
      ret_msg: 'OK',
      result: { status: 1, telegram_user: telegramUser },
    });

    const status = await call(app, 'GET', '/user/private/telegram-bind-status', { cookies });
    expect(status.body.result).toEqual({ status: 1, telegram_user: telegramUser });
    const listed = await call(app, 'GET', '/user/private/bound-accounts', { cookies });
    expect(JSON.stringify(listed.body.result)).toContain('@anna_tg');

    const unbound = await call(app, 'POST', '/user/private/unbind/telegram', { cookies, payload: {} });
    expect(unbound.body).toMatchObject({ ret_code: 0, result: { status: 0 } });
    const again = await call(app, 'POST', '/user/private/unbind/telegram', { cookies });
    expect(again.body.ret_code).toBe(RetCode.TelegramNotBound);
  });

  it('binds with Mini App init data too', async () => {
    const { cookies } = await accountWithSession(app);
    const res = await call(app, 'POST', '/user/private/bind/telegram', {
      cookies,
      payload: { telegram_callback_mini: miniInitData(app, tgUser()) },
    });
    expect(res.body).toMatchObject({ ret_code: 0, result: { status: 1 } });
  });

  it('refuses a bad signature, stale data, future data and a reused payload', async () => {
    const { cookies } = await accountWithSession(app);
    const bind = (telegram_callback: string) =>
      call(app, 'POST', '/user/private/bind/telegram', { cookies, payload: { telegram_callback } });
    const good = JSON.parse(widgetCallback(app, tgUser())) as Record<string, unknown>;
    expect((await bind(JSON.stringify({ ...good, first_name: 'Mallory' }))).body.ret_code).toBe(
      RetCode.TelegramAuthInvalid,
    );
    expect((await bind(widgetCallback(app, tgUser(), 2 * 3600))).body.ret_code).toBe(
      RetCode.TelegramAuthExpired,
    );
    expect((await bind(widgetCallback(app, tgUser(), -600))).body.ret_code).toBe(RetCode.TelegramAuthInvalid);
    expect(
      (await call(app, 'GET', '/user/private/telegram-bind-status', { cookies })).body.result['status'],
    ).toBe(0);

    const once = widgetCallback(app, tgUser());
    expect((await bind(once)).body.ret_code).toBe(0);
    await call(app, 'POST', '/user/private/unbind/telegram', { cookies });
    expect((await bind(once)).body.ret_code).toBe(RetCode.TelegramAuthExpired);
  });

  it('binds one Telegram account to one exchange account at a time', async () => {
    const first = await accountWithSession(app);
    const second = await accountWithSession(app);
    const user = tgUser();
    // Each call signs afresh with a different auth_date: the same second would give the same payload (a replay).
    let age = 0;
    const bind = (cookies: Record<string, string>, u = user) =>
      call(app, 'POST', '/user/private/bind/telegram', {
        cookies,
        payload: { telegram_callback: widgetCallback(app, u, (age += 2)) },
      });
    expect((await bind(first.cookies)).body.ret_code).toBe(0);
    expect((await bind(second.cookies)).body.ret_code).toBe(RetCode.TelegramAlreadyBound);
    expect((await bind(first.cookies, tgUser())).body.ret_code).toBe(RetCode.TelegramAccountAlreadyLinked);
    // The same pair again is fine (a fresh payload).
    expect((await bind(first.cookies)).body.ret_code).toBe(0);
    // Once unbound, the Telegram account is free for the other account.
    await call(app, 'POST', '/user/private/unbind/telegram', { cookies: first.cookies });
    expect((await bind(second.cookies)).body.ret_code).toBe(0);
  });

  it('asks an older session for the password (ASVS 7.5.1), and counts wrong ones', async () => {
    const { cookies } = await accountWithSession(app, TELEGRAM_REAUTH_WINDOW_MS + 60_000);
    const callback = widgetCallback(app, tgUser());
    const noProof = await call(app, 'POST', '/user/private/bind/telegram', {
      cookies,
      payload: { telegram_callback: callback },
    });
    expect(noProof.body).toMatchObject({
      ret_code: RetCode.TelegramReauthRequired,
      result: { reauth: 'password', window_seconds: TELEGRAM_REAUTH_WINDOW_MS / 1000 },
    });
    const wrong = await call(app, 'POST', '/user/private/bind/telegram', {
      cookies,
      payload: { telegram_callback: callback, ...encryptedPassword(app, 'not the password') },
    });
    expect(wrong.body).toMatchObject({ ret_code: RetCode.PasswordWrong, result: { pass_err_count: 1 } });
    // The refusals above did not use the payload up: the same one binds with the password.
    const right = await call(app, 'POST', '/user/private/bind/telegram', {
      cookies,
      payload: { telegram_callback: callback, ...encryptedPassword(app, PASSWORD) },
    });
    expect(right.body.ret_code).toBe(0);

    const unbindNoProof = await call(app, 'POST', '/user/private/unbind/telegram', { cookies, payload: {} });
    expect(unbindNoProof.body.ret_code).toBe(RetCode.TelegramReauthRequired);
    const unbind = await call(app, 'POST', '/user/private/unbind/telegram', {
      cookies,
      payload: encryptedPassword(app, PASSWORD),
    });
    expect(unbind.body.ret_code).toBe(0);
  });

  it('needs a session, the CSRF header and exactly one callback', async () => {
    const anonymous = await call(app, 'POST', '/user/private/bind/telegram', {
      payload: { telegram_callback: widgetCallback(app, tgUser()) },
    });
    expect(anonymous.body.ret_code).toBe(RetCode.SessionExpired);
    const { cookies } = await accountWithSession(app);
    const noPlatform = await app.inject({
      method: 'POST',
      url: '/x-api/user/private/bind/telegram',
      cookies,
      payload: { telegram_callback: widgetCallback(app, tgUser()) },
    });
    expect(noPlatform.statusCode).toBe(403);
    const both = await call(app, 'POST', '/user/private/bind/telegram', {
      cookies,
      payload: { telegram_callback: 'a', telegram_callback_mini: 'b' },
    });
    expect(both.body.ret_code).toBe(RetCode.ParamsInvalid);
  });
});

describe('one-person-bind (Mini App)', () => {
  it('answers "0" until the Accept of link-authorisation binds the TgToken user', async () => {
    const { account, cookies } = await accountWithSession(app);
    const initData = miniInitData(app, tgUser({ allows_write_to_pm: true }));
    const headers = { [HEADER.TG_TOKEN]: initData };
    expect(
      (await call(app, 'GET', '/user/private/one_people_bind/get', { cookies, headers })).body.result,
    ).toEqual({
      bind_uid: '0',
    });
    const set = await call(app, 'POST', '/user/private/one_people_bind/set', {
      cookies,
      headers,
      payload: { allow_bot_messages: true },
    });
    expect(set.body).toMatchObject({ ret_code: 0, result: { bind_uid: account.id } });
    expect(
      (await call(app, 'GET', '/user/private/one_people_bind/get', { cookies, headers })).body.result,
    ).toEqual({
      bind_uid: account.id,
    });
    // Outside the Mini App (no TgToken) it answers for the logged-in account.
    expect((await call(app, 'GET', '/user/private/one_people_bind/get', { cookies })).body.result).toEqual({
      bind_uid: account.id,
    });
    const row = await app.db
      .selectFrom('telegram_bindings')
      .selectAll()
      .where('user_id', '=', account.id)
      .executeTakeFirst();
    expect(row?.allow_bot_messages).toBe(1);
  });

  it('refuses a TgToken with a bad signature', async () => {
    const { cookies } = await accountWithSession(app);
    const forged = miniInitData(app, tgUser()).replace('Tess', 'Eve');
    const res = await call(app, 'GET', '/user/private/one_people_bind/get', {
      cookies,
      headers: { [HEADER.TG_TOKEN]: forged },
    });
    expect(res.body.ret_code).toBe(RetCode.TelegramAuthInvalid);
  });
});

describe('third-party login with Telegram', () => {
  const thirdParty = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call(app, 'POST', '/user/public/login/thirdparty', {
      payload: { third_type: 'telegram', url: 'http://localhost/en/telegram-register-login', ...payload },
      headers,
    });

  it('logs in the bound account (cookie, or the token for header transport)', async () => {
    const { account, cookies } = await accountWithSession(app);
    const user = tgUser();
    await call(app, 'POST', '/user/private/bind/telegram', {
      cookies,
      payload: { telegram_callback: widgetCallback(app, user) },
    });

    const web = await thirdParty({ telegram_callback: widgetCallback(app, user) });
    expect(web.body).toMatchObject({
      ret_code: 0,
      result: {
        user_id: Number(account.id),
        new_user: false,
        need_verify: null,
        tg_bind_result: 'success|login',
      },
    });
    expect(web.body.token).toBeUndefined();
    const cookie = web.res.cookies.find((c) => c.name === 'gh_session');
    expect(cookie?.httpOnly).toBe(true);
    expect((await app.sessions.verify(cookie?.value ?? ''))?.userId).toBe(account.id);

    const mini = await thirdParty(
      { telegram_callback_mini: miniInitData(app, user) },
      { [HEADER.SESSION_TRANSPORT]: SESSION_TRANSPORT_HEADER_VALUE },
    );
    expect(mini.body.ret_code).toBe(0);
    expect((await app.sessions.verify(mini.body.token ?? ''))?.userId).toBe(account.id);
  });

  it('refuses a reused or forged payload', async () => {
    const callback = widgetCallback(app, tgUser());
    expect((await thirdParty({ telegram_callback: callback })).body.ret_code).toBe(
      RetCode.ThirdPartyNotBound,
    );
    expect((await thirdParty({ telegram_callback: callback })).body.ret_code).toBe(
      RetCode.TelegramAuthExpired,
    );
    const forged = callback.replace('"Tess"', '"Eve"');
    expect((await thirdParty({ telegram_callback: forged })).body.ret_code).toBe(RetCode.TelegramAuthInvalid);
  });

  it('refuses a banned account with the ban answer', async () => {
    const { account, cookies } = await accountWithSession(app);
    const user = tgUser();
    await call(app, 'POST', '/user/private/bind/telegram', {
      cookies,
      payload: { telegram_callback: widgetCallback(app, user) },
    });
    await app.db
      .updateTable('users')
      .set({ status: 'banned', banned_at: Date.now() })
      .where('id', '=', account.id)
      .execute();
    const res = await thirdParty({ telegram_callback: widgetCallback(app, user) });
    expect(res.body.ret_code).toBe(RetCode.AccountBanned);
    expect(res.res.cookies.some((c) => c.name === 'self_unbind_token')).toBe(true);
    expect(res.res.cookies.some((c) => c.name === 'gh_session')).toBe(false);
  });

  it('answers 40004 with a pending id; a login then binds it (login-and-bind)', async () => {
    const user = tgUser({ username: 'newcomer' });
    const guid = '0f8e7a8c-1b2c-4d5e-8f90-a1b2c3d4e5f6';
    const res = await thirdParty({ telegram_callback_mini: miniInitData(app, user) }, { guid });
    expect(res.body.ret_code).toBe(RetCode.ThirdPartyNotBound);
    const pendingId = String(res.body.result['tg_pending_id']);
    expect(res.body.result).toMatchObject({
      expires_in: 1800,
      telegram_user: { id: String(user.id), username: 'newcomer' },
    });

    const { account, cookies } = await accountWithSession(app);
    // From another device the pending id does not bind (and is used up).
    const other = await accountWithSession(app);
    const stolenPending = await thirdParty({ telegram_callback_mini: miniInitData(app, tgUser()) }, { guid });
    expect(
      await app.telegram.completePendingBind(
        String(stolenPending.body.result['tg_pending_id']),
        other.account.id,
        {
          via: 'login',
          guid: '11111111-2222-4333-8444-555555555555',
        },
      ),
    ).toMatch(/^1004\|/);

    expect(await app.telegram.completePendingBind(pendingId, account.id, { via: 'login', guid })).toBe(
      'success|login_bind',
    );
    expect(await app.telegram.completePendingBind(pendingId, account.id, { via: 'login', guid })).toMatch(
      /^1001\|/,
    );
    const status = await call(app, 'GET', '/user/private/telegram-bind-status', { cookies });
    expect(status.body.result).toMatchObject({ status: 1, telegram_user: { username: 'newcomer' } });
  });

  it('binds after a sign-up (register-and-bind) and reports a Telegram account taken meanwhile', async () => {
    const user = tgUser();
    const pending = await thirdParty({ telegram_callback: widgetCallback(app, user) });
    const twin = await thirdParty({ telegram_callback_mini: miniInitData(app, user) });
    const created = await accountWithSession(app);
    expect(
      await app.telegram.completePendingBind(
        String(pending.body.result['tg_pending_id']),
        created.account.id,
        {
          via: 'register',
          guid: null,
        },
      ),
    ).toBe('success|register_bind');
    const late = await accountWithSession(app);
    expect(
      await app.telegram.completePendingBind(String(twin.body.result['tg_pending_id']), late.account.id, {
        via: 'register',
        guid: null,
      }),
    ).toMatch(/^1002\|/);
    // An account that already has a Telegram account cannot take a second one.
    const third = await thirdParty({ telegram_callback: widgetCallback(app, tgUser()) });
    expect(
      await app.telegram.completePendingBind(String(third.body.result['tg_pending_id']), created.account.id, {
        via: 'login',
        guid: null,
      }),
    ).toMatch(/^1003\|/);
  });
});

describe('Mini App task completion', () => {
  it('records a task once per bound account', async () => {
    const { cookies } = await accountWithSession(app);
    const user = tgUser();
    await call(app, 'POST', '/user/private/bind/telegram', {
      cookies,
      payload: { telegram_callback: widgetCallback(app, user) },
    });
    const headers = { [HEADER.TG_TOKEN]: miniInitData(app, user) };
    const complete = () =>
      call(app, 'POST', '/fht/growth/miniapp/task/v1/complete_task', {
        headers,
        payload: { campaignId: 7, taskId: 'join' },
      });
    const first = await complete();
    expect(first.body).toMatchObject({
      ret_code: 0,
      result: { campaignId: '7', taskId: 'join', status: 'completed' },
    });
    const second = await complete();
    expect(second.body.result).toMatchObject({
      status: 'already_completed',
      completed_at: first.body.result['completed_at'],
    });
  });

  it('needs a valid TgToken of a bound Telegram user', async () => {
    const payload = { campaignId: 'c1', taskId: 't1' };
    const noToken = await call(app, 'POST', '/fht/growth/miniapp/task/v1/complete_task', { payload });
    expect(noToken.body.ret_code).toBe(RetCode.TelegramAuthInvalid);
    const stale = await call(app, 'POST', '/fht/growth/miniapp/task/v1/complete_task', {
      payload,
      headers: { [HEADER.TG_TOKEN]: miniInitData(app, tgUser(), 3 * 3600) },
    });
    expect(stale.body.ret_code).toBe(RetCode.TelegramAuthExpired);
    const unbound = await call(app, 'POST', '/fht/growth/miniapp/task/v1/complete_task', {
      payload,
      headers: { [HEADER.TG_TOKEN]: miniInitData(app, tgUser()) },
    });
    expect(unbound.body.ret_code).toBe(RetCode.TelegramNotBound);
  });
});

describe('without a bot token in production', () => {
  it('turns Telegram off with 43007', async () => {
    const prod = await testApp({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
    try {
      const res = await prod.inject({
        method: 'POST',
        url: '/x-api/user/public/login/thirdparty',
        headers: { platform: 'pc' },
        payload: { third_type: 'telegram', telegram_callback: '{"id":1}' },
      });
      expect(res.json()).toMatchObject({ ret_code: RetCode.TelegramUnavailable });
    } finally {
      await prod.close();
    }
  });
});
