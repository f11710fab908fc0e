import { afterEach, describe, expect, it } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { testApp } from '../../test-support/test-app.js';
import { device, login, postJson } from '../login/login.test-kit.js';

let app: App | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const intercept = (a: App, dev: ReturnType<typeof device>, headers: Record<string, string> = {}) =>
  postJson(a, '/user/public/risk/default-intercept', { scene: 30002, ext_info: {} }, dev, { headers });

describe('POST /user/public/risk/default-intercept', () => {
  it('lets a clean visitor through', async () => {
    app = await testApp();
    const res = await intercept(app, device());
    expect(res.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: { intercept: false } });
  });

  it('intercepts a device fingerprint after 10 failed logins, and an address after 20', async () => {
    app = await testApp();
    const bot = device(undefined, '192.0.2.7');
    for (let n = 0; n < 10; n++) await login(app, { email: `x${n}@example.com` }, 'guess', bot);
    // Same fingerprint, new address: the device is what gives it away.
    const sameDevice = { ...bot, ip: '192.0.2.8' };
    expect((await intercept(app, sameDevice)).json().result).toEqual({
      intercept: true,
      reason: 'device_failures',
    });
    for (let n = 10; n < 20; n++) await login(app, { email: `x${n}@example.com` }, 'guess', bot);
    const fresh = device(undefined, '192.0.2.7');
    expect((await intercept(app, fresh)).json().result).toEqual({ intercept: true, reason: 'ip_limit' });
  });

  it('intercepts blocked countries from the proxy header, but only behind a trusted proxy', async () => {
    app = await testApp({ TRUST_PROXY: 'true' });
    expect((await intercept(app, device(), { 'x-client-country': 'US' })).json().result).toEqual({
      intercept: true,
      reason: 'blocked_country',
    });
    expect((await intercept(app, device(), { 'x-client-country': 'FR' })).json().result.intercept).toBe(
      false,
    );
    await app.close();
    app = await testApp();
    expect((await intercept(app, device(), { 'x-client-country': 'US' })).json().result.intercept).toBe(
      false,
    );
  });

  it('refuses a body without scene', async () => {
    app = await testApp();
    const res = await postJson(app, '/user/public/risk/default-intercept', {}, device());
    expect(res.json().ret_code).toBe(RetCode.ParamsInvalid);
  });
});
