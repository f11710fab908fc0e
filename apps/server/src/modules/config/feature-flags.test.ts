import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import {
  DEFAULT_FEATURE_FLAGS,
  DEFAULT_REGISTER_UI_CONFIG,
  FEATURE_CONFIG_KEY,
} from '@gatehouse/contract/feature-flags';
import type { App } from '../../app.js';
import { DEFAULT_WEB_CONFIG } from '../../db/seed.js';
import { setFeatureFlags } from '../../test-support/feature-flags.js';
import { testApp } from '../../test-support/test-app.js';
import { createAccount, device, postJson } from '../login/login.test-kit.js';
import { call, miniInitData, tgUser } from '../telegram/telegram.test-kit.js';

// The seeded feature flags (docs/configuration.md "Feature flags"): the server refuses what a
// client could otherwise call with the feature switched off.

let app: App;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());
afterEach(() => setFeatureFlags(app, {}));

async function mint(cookie: string) {
  const res = await postJson(app, '/user/private/quick_token', {}, device(), {
    cookies: { gh_session: cookie },
  });
  return res.json<{ ret_code: number; result: { tmp_token: string } | null }>();
}

const redeem = (token: string) =>
  postJson(app, '/user/public/quick_login', { tmp_token: token }, device()).then((res) =>
    res.json<{ ret_code: number }>(),
  );

describe('seeded web config', () => {
  it('seeds the contract defaults and answers them through the web config call', async () => {
    expect(DEFAULT_WEB_CONFIG[FEATURE_CONFIG_KEY.FEATURE_FLAGS]).toEqual(DEFAULT_FEATURE_FLAGS);
    expect(DEFAULT_WEB_CONFIG[FEATURE_CONFIG_KEY.REGISTER_UI]).toEqual(DEFAULT_REGISTER_UI_CONFIG);
    const { body } = await call(app, 'POST', '/v3/config/web', {
      payload: { project_name: 'gatehouse', keys: ['feature_flags', 'register_ui'] },
    });
    expect(body.result).toEqual({
      data: [
        { name: 'feature_flags', value: DEFAULT_FEATURE_FLAGS },
        { name: 'register_ui', value: DEFAULT_REGISTER_UI_CONFIG },
      ],
    });
    expect(await app.webConfig.featureFlags()).toEqual(DEFAULT_FEATURE_FLAGS);
  });
});

describe('quickLogin off', () => {
  it('mints no token, honours none minted before, and works again once switched back on', async () => {
    const account = await createAccount(app, { email: 'flag-quick@example.com' });
    const cookie = await app.sessions.create(account.id);
    const before = await mint(cookie);
    expect(before.ret_code).toBe(RetCode.Ok);
    const token = before.result?.tmp_token ?? '';

    await setFeatureFlags(app, { quickLogin: false });
    expect((await mint(cookie)).ret_code).toBe(RetCode.Forbidden);
    expect((await redeem(token)).ret_code).toBe(RetCode.QuickLoginInvalid);

    // Refused without being spent: back on, the token (still within its minute) logs in once.
    await setFeatureFlags(app, { quickLogin: true });
    expect((await redeem(token)).ret_code).toBe(RetCode.Ok);
    expect((await redeem(token)).ret_code).toBe(RetCode.QuickLoginInvalid);
  });
});

describe('qrLogin off', () => {
  it('generates no QR code', async () => {
    const generate = () =>
      app.inject({ url: '/x-api/v3/public/qrcode/generate', headers: { platform: 'pc' } });
    await setFeatureFlags(app, { qrLogin: false });
    expect((await generate()).json()).toMatchObject({ ret_code: RetCode.Forbidden, result: null });
    await setFeatureFlags(app, { qrLogin: true });
    expect((await generate()).json()).toMatchObject({ ret_code: RetCode.Ok });
  });
});

describe('telegramLogin off', () => {
  it('answers the Mini App login 43007 without using up its init data', async () => {
    const initData = miniInitData(app, tgUser());
    const login = () =>
      call(app, 'POST', '/user/public/login/thirdparty', {
        payload: {
          third_type: 'telegram',
          url: 'http://localhost/en/telegram-register-login',
          telegram_callback_mini: initData,
        },
      });
    await setFeatureFlags(app, { telegramLogin: false });
    expect((await login()).body.ret_code).toBe(RetCode.TelegramUnavailable);
    // Back on, the same data is still unused: not bound yet, so 40004 (not 43002 "already used").
    await setFeatureFlags(app, { telegramLogin: true });
    expect((await login()).body.ret_code).toBe(RetCode.ThirdPartyNotBound);
  });
});

describe('a broken feature_flags entry', () => {
  it('keeps every feature on', async () => {
    await app.db
      .updateTable('web_config')
      .set({ value: '{not json' })
      .where('name', '=', FEATURE_CONFIG_KEY.FEATURE_FLAGS)
      .execute();
    expect(await app.webConfig.featureFlags()).toEqual(DEFAULT_FEATURE_FLAGS);
  });
});
