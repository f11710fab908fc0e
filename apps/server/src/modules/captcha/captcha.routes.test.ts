import { afterEach, describe, expect, it } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { testApp } from '../../test-support/test-app.js';
import { CHEAP_CAPTCHA_ENV } from './captcha.test-kit.js';

describe('captcha routes', () => {
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('issues a signed challenge bound to the scene', async () => {
    app = await testApp(CHEAP_CAPTCHA_ENV);
    const res = await app.inject({
      method: 'GET',
      url: '/x-api/v3/public/captcha/altcha-challenge?scene=31004',
    });
    const body = res.json();
    expect(body.ret_code).toBe(0);
    expect(body.result.parameters).toMatchObject({
      algorithm: 'PBKDF2/SHA-256',
      cost: 1,
      data: { scene: 31004 },
    });
    expect(body.result.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses an unknown scene', async () => {
    app = await testApp(CHEAP_CAPTCHA_ENV);
    const res = await app.inject({
      method: 'GET',
      url: '/x-api/v3/public/captcha/altcha-challenge?scene=12345',
    });
    expect(res.json().ret_code).toBe(RetCode.ParamsInvalid);
  });

  it('answers 30005 when the self-hosted captcha is switched off', async () => {
    app = await testApp({ ...CHEAP_CAPTCHA_ENV, CAPTCHA_ALTCHA_ENABLED: '0' });
    const res = await app.inject({
      method: 'GET',
      url: '/x-api/v3/public/captcha/altcha-challenge?scene=31004',
    });
    expect(res.json().ret_code).toBe(RetCode.CaptchaUnavailable);
  });

  it('answers captcha-info with success 0 when Geetest is not configured', async () => {
    app = await testApp();
    for (const url of [
      '/x-api/v3/public/user/captcha-info?type=CAPTCHA_TYPE_BEHAVIOR_GEETEST&login_name=a%40b.c',
      '/x-api/user/public/captcha-info?type=CAPTCHA_TYPE_BEHAVIOR_GEETEST',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.json()).toMatchObject({
        ret_code: 0,
        result: { gt: '', challenge: '', sGt: '', sChallenge: '', success: 0, newCaptcha: true },
      });
    }
  });

  it('answers the Geetest id when configured', async () => {
    app = await testApp({ CAPTCHA_GEETEST_ID: 'gid', CAPTCHA_GEETEST_KEY: 'gkey' });
    const res = await app.inject({ method: 'GET', url: '/x-api/user/public/captcha-info' });
    expect(res.json().result).toMatchObject({ gt: 'gid', success: 1 });
    expect(res.json().result.challenge).toMatch(/^[0-9a-f]{32}$/);
  });
});
