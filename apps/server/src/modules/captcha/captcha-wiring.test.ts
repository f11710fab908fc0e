import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CAPTCHA_SCENE, RetCode } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { testApp } from '../../test-support/test-app.js';
import { createAccount, device, encryptedPassword, PASSWORD, postJson } from '../login/login.test-kit.js';
import { freshIp } from '../registration/registration.test-kit.js';
import { CHEAP_CAPTCHA_ENV, solveCaptcha } from './captcha.test-kit.js';

/**
 * The real protected routes with the captcha on (docs/captcha.md "Protected routes"): a missing,
 * replayed, malformed or other-scene result is refused with the catalogue codes before the route
 * does any work; a valid one lets the request through.
 */
let app: App;
beforeEach(async () => {
  app = await testApp(CHEAP_CAPTCHA_ENV);
});
afterEach(async () => {
  await app.close();
});

const EMAIL = 'cap.tain@example.com';

const send = (url: string, payload: object, host = 'localhost') => {
  const dev = device(undefined, freshIp());
  return postJson(app, url, payload, dev, { host });
};
const loginBody = () => ({ email: EMAIL, ...encryptedPassword(app, PASSWORD) });
const codeOf = (res: { json: () => unknown }) => (res.json() as { ret_code: number }).ret_code;

describe('POST /login with the captcha on', () => {
  beforeEach(async () => {
    await createAccount(app, { email: EMAIL });
  });

  it('refuses a missing captcha with 10026 and an invalid one with 30001', async () => {
    expect(codeOf(await send('/login', loginBody()))).toBe(RetCode.CaptchaRequired);
    const bad = {
      type: 'magpie',
      key_version: 'v2',
      magpie_verify_info: { token: 'bm9wZQ==', scene: 31000 },
    };
    expect(codeOf(await send('/login', { ...loginBody(), captcha: bad }))).toBe(RetCode.CaptchaInvalid);
    expect(codeOf(await send('/login', { ...loginBody(), captcha: { type: 'nope' } }))).toBe(
      RetCode.CaptchaInvalid,
    );
  });

  it('accepts a valid solution once; its replay is refused with 30003', async () => {
    const captcha = await solveCaptcha(app, CAPTCHA_SCENE.LOGIN);
    const first = await send('/login', { ...loginBody(), captcha });
    expect(first.json()).toMatchObject({ ret_code: 0, result: { new_user: false } });
    expect(codeOf(await send('/login', { ...loginBody(), captcha }))).toBe(RetCode.CaptchaReplayed);
  });

  it('refuses a sign-up solution for login with 30004', async () => {
    const captcha = await solveCaptcha(app, CAPTCHA_SCENE.REGISTER);
    expect(codeOf(await send('/login', { ...loginBody(), captcha }))).toBe(RetCode.CaptchaSceneMismatch);
  });

  it('asks for the site login scene: EU 31014 on login_compliance, Turkey 31013', async () => {
    const eu = await createAccount(app, { email: 'eu.user@example.com', site: 'EU' });
    const euBody = { email: eu.email ?? '', ...encryptedPassword(app, PASSWORD) };
    const path = '/user/public/login_compliance';
    const main = await solveCaptcha(app, CAPTCHA_SCENE.LOGIN, 'eu.localhost');
    expect(codeOf(await send(path, { ...euBody, captcha: main }, 'eu.localhost'))).toBe(
      RetCode.CaptchaSceneMismatch,
    );
    const right = await solveCaptcha(app, CAPTCHA_SCENE.EU_LOGIN, 'eu.localhost');
    expect(codeOf(await send(path, { ...euBody, captcha: right }, 'eu.localhost'))).toBe(0);
    expect(codeOf(await send('/login', { email: 'x@example.com' }, 'tr.localhost'))).toBe(
      RetCode.CaptchaRequired,
    );
    const turkey = await solveCaptcha(app, CAPTCHA_SCENE.TURKEY_LOGIN, 'tr.localhost');
    // Through the guard: the route itself answers (no such account), not the captcha.
    const res = await send(
      '/login',
      { email: 'x@example.com', ...encryptedPassword(app, PASSWORD), captcha: turkey },
      'tr.localhost',
    );
    expect(codeOf(res)).not.toBe(RetCode.CaptchaRequired);
    expect(codeOf(res)).not.toBe(RetCode.CaptchaSceneMismatch);
  });
});

describe('sign-up code sends with the captcha on', () => {
  it('register/info: 10026 without, sends with a valid one, 30003 on replay', async () => {
    const body = { email: 'new.user@example.com', residence_country: 'GB' };
    expect(codeOf(await send('/user/public/register/info', body))).toBe(RetCode.CaptchaRequired);
    const captcha = await solveCaptcha(app, CAPTCHA_SCENE.REGISTER);
    const first = await send('/user/public/register/info', { ...body, captcha });
    expect(first.json()).toMatchObject({ ret_code: 0, result: { next: 'verify' } });
    const again = await send('/user/public/register/info', { ...body, email: 'other@example.com', captcha });
    expect(codeOf(again)).toBe(RetCode.CaptchaReplayed);
    // The resend continues the flow that passed the captcha: no new one (it answers its own cooldown).
    const { uuid } = (first.json() as { result: { uuid: string } }).result;
    expect(codeOf(await send('/user/public/register/send/verify/item', { uuid }))).not.toBe(
      RetCode.CaptchaRequired,
    );
  });

  it('one-shot /verify/register/email and /mobile: 10026 without, a login solution is 30004', async () => {
    const login = await solveCaptcha(app, CAPTCHA_SCENE.LOGIN);
    expect(codeOf(await send('/verify/register/email', { email: 'one@example.com' }))).toBe(
      RetCode.CaptchaRequired,
    );
    expect(codeOf(await send('/verify/register/email', { email: 'one@example.com', captcha: login }))).toBe(
      RetCode.CaptchaSceneMismatch,
    );
    expect(codeOf(await send('/verify/register/mobile', { country_code: '44', mobile: '7700900456' }))).toBe(
      RetCode.CaptchaRequired,
    );
    const captcha = await solveCaptcha(app, CAPTCHA_SCENE.REGISTER);
    expect(codeOf(await send('/verify/register/email', { email: 'one@example.com', captcha }))).toBe(0);
  });
});

describe('other guarded calls with the captcha on', () => {
  it('password reset send-code asks for the site login scene', async () => {
    const body = { email: 'who@example.com' };
    const url = '/user/public/password/reset/send-code';
    expect(codeOf(await send(url, body))).toBe(RetCode.CaptchaRequired);
    const captcha = await solveCaptcha(app, CAPTCHA_SCENE.LOGIN);
    expect(codeOf(await send(url, { ...body, captcha }))).toBe(0);
  });

  it('third-party login asks for scene 31001 before looking at the callback', async () => {
    const url = '/user/public/login/thirdparty';
    expect(codeOf(await send(url, { telegram_callback: 'x' }))).toBe(RetCode.CaptchaRequired);
    const captcha = await solveCaptcha(app, CAPTCHA_SCENE.THIRD_PARTY);
    const res = await send(url, { telegram_callback: 'x', captcha });
    expect(codeOf(res)).not.toBe(RetCode.CaptchaRequired);
    expect(codeOf(res)).not.toBe(RetCode.CaptchaInvalid);
  });

  it('switched off (CAPTCHA_ENABLED=0): no route asks', async () => {
    await app.close();
    app = await testApp({ ...CHEAP_CAPTCHA_ENV, CAPTCHA_ENABLED: '0' });
    expect(codeOf(await send('/user/public/register/info', { email: 'off@example.com' }))).toBe(0);
  });
});
