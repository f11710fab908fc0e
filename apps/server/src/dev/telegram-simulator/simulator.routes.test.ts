import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER, RetCode } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { testApp } from '../../test-support/test-app.js';
import { accountWithSession, call } from '../../modules/telegram/telegram.test-kit.js';

let app: App;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const USER_QUERY = 'id=424242&first_name=Sim&username=sim_user&photo_url=https%3A%2F%2Ft.me%2Fi%2Fs.jpg';

describe('Telegram simulator (Mini App stand-in)', () => {
  it('serves its page without inline script', async () => {
    const res = await app.inject('/dev/telegram/simulator');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('action="/dev/telegram/launch"');
    expect(res.body).not.toContain('<script');
  });

  it('opens the app page with launch parameters Telegram-signed by the bot token', async () => {
    const res = await app.inject(
      `/dev/telegram/launch?${USER_QUERY}&platform=android&lang=de-DE&query=source%3Dtask`,
    );
    expect(res.statusCode).toBe(302);
    const location = res.headers.location ?? '';
    expect(location.startsWith('/de-DE/telegram-register-login?source=task#')).toBe(true);
    const launch = new URLSearchParams(location.slice(location.indexOf('#') + 1));
    expect(launch.get('tgWebAppPlatform')).toBe('android');
    expect(launch.get('tgWebAppVersion')).toBeTruthy();
    expect(JSON.parse(launch.get('tgWebAppThemeParams') ?? '{}')).toHaveProperty('bg_color');
    const initData = launch.get('tgWebAppData') ?? '';
    expect(app.telegram.verifyTgToken(initData).user).toMatchObject({ id: '424242', username: 'sim_user' });
  });

  it('refuses a launch target on another origin', async () => {
    const res = await app.inject(`/dev/telegram/launch?${USER_QUERY}&path=%2F%2Fevil.example`);
    expect(res.statusCode).not.toBe(302);
  });

  it('answers init data as JSON, which the API accepts as TgToken and in third-party login', async () => {
    const res = await app.inject(`/dev/telegram/init-data.json?${USER_QUERY}`);
    const { init_data, launch_url } = res.json<{ init_data: string; launch_url: string }>();
    expect(launch_url).toContain('#tgWebAppData=');
    const login = await call(app, 'POST', '/user/public/login/thirdparty', {
      payload: { third_type: 'telegram', telegram_callback_mini: init_data },
    });
    expect(login.body.ret_code).toBe(RetCode.ThirdPartyNotBound);
    const { cookies } = await accountWithSession(app);
    const get = await call(app, 'GET', '/user/private/one_people_bind/get', {
      cookies,
      headers: { [HEADER.TG_TOKEN]: init_data },
    });
    expect(get.body).toMatchObject({ ret_code: 0, result: { bind_uid: '0' } });
  });

  it('can make stale data to try the age check', async () => {
    const res = await app.inject(`/dev/telegram/init-data.json?${USER_QUERY}&auth_date_offset=-7200`);
    const stale = res.json<{ init_data: string }>().init_data;
    const { cookies } = await accountWithSession(app);
    const get = await call(app, 'GET', '/user/private/one_people_bind/get', {
      cookies,
      headers: { [HEADER.TG_TOKEN]: stale },
    });
    expect(get.body.ret_code).toBe(RetCode.TelegramAuthExpired);
  });
});

describe('Login Widget stand-in', () => {
  it('serves a script with the Telegram.Login.auth API and a popup page using a script file', async () => {
    const script = await app.inject('/dev/telegram/telegram-widget.js');
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('tg.Login.auth = function (options, callback)');
    expect(script.body).toContain('auth_result');
    const popup = await app.inject('/dev/telegram/widget?bot_id=1');
    expect(popup.body).toContain('<script src="/dev/telegram/widget-popup.js"');
    expect(popup.body).not.toMatch(/<script>(?!<)/);
    expect((await app.inject('/dev/telegram/widget-popup.js')).body).toContain('postMessage');
  });

  it('answers signed widget data the bind call accepts', async () => {
    const res = await app.inject(`/dev/telegram/widget.json?${USER_QUERY}`);
    const { telegram_callback, user } = res.json<{
      telegram_callback: string;
      user: Record<string, unknown>;
    }>();
    expect(user).toMatchObject({ id: 424242, username: 'sim_user' });
    const { cookies } = await accountWithSession(app);
    const bind = await call(app, 'POST', '/user/private/bind/telegram', {
      cookies,
      payload: { telegram_callback },
    });
    expect(bind.body).toMatchObject({
      ret_code: 0,
      result: { status: 1, telegram_user: { username: 'sim_user' } },
    });
  });

  it('redirect mode: sends the signed fields to a path on this origin only', async () => {
    const res = await app.inject(
      `/dev/telegram/widget/authorize?${USER_QUERY}&return_to=%2Fen%2Faccount%3Ftab%3Dtg`,
    );
    expect(res.statusCode).toBe(302);
    const target = new URL(res.headers.location ?? '', 'http://localhost');
    expect(target.pathname).toBe('/en/account');
    expect(target.searchParams.get('tab')).toBe('tg');
    const fields = Object.fromEntries([...target.searchParams].filter(([k]) => k !== 'tab'));
    expect(
      app.telegram.verifyCallbacks({ telegram_callback: new URLSearchParams(fields).toString() }).user.id,
    ).toBe('424242');
    for (const bad of ['https%3A%2F%2Fevil.example%2F', '%2F%2Fevil.example', '%2F%5Cevil.example']) {
      const refused = await app.inject(`/dev/telegram/widget/authorize?${USER_QUERY}&return_to=${bad}`);
      expect(refused.statusCode).not.toBe(302);
    }
  });
});

describe('in production', () => {
  it('does not exist, even with a bot token configured', async () => {
    const prod = await testApp({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      TELEGRAM_BOT_TOKEN: '123456789:AAbbCCddEEffGGhhIIjjKKllMMnnOOppQQr',
    });
    try {
      for (const url of [
        '/dev/telegram/simulator',
        `/dev/telegram/launch?${USER_QUERY}`,
        `/dev/telegram/init-data.json?${USER_QUERY}`,
        '/dev/telegram/telegram-widget.js',
        '/dev/telegram/widget',
        `/dev/telegram/widget.json?${USER_QUERY}`,
      ]) {
        const res = await prod.inject({ url, headers: { accept: 'application/json' } });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('tgWebAppData');
      }
    } finally {
      await prod.close();
    }
  });
});
