import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CAPTCHA_SCENE, RetCode } from '@gatehouse/contract';
import type { Env } from '../../config/index.js';
import { buildApp, type App } from '../../app.js';
import { apiResponse, ok } from '../../lib/envelope.js';
import { testConfig } from '../../test-support/test-app.js';
import { CHEAP_CAPTCHA_ENV, solveCaptcha } from './captcha.test-kit.js';
import { requireCaptcha, sceneFromSite } from './captcha-guard.js';

/** The real app plus two protected stand-in routes, guarded the way login and sign-up will be. */
async function guardedApp(env: Env = {}): Promise<App> {
  const app = buildApp(testConfig({ ...CHEAP_CAPTCHA_ENV, ...env }));
  app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      const schema = { body: z.object({ name: z.string() }), response: apiResponse(z.string()) };
      typed.post(
        '/test/register',
        { schema, preValidation: requireCaptcha(CAPTCHA_SCENE.REGISTER) },
        async (req) => ok(req.body.name),
      );
      typed.post(
        '/test/login',
        { schema, preValidation: requireCaptcha(sceneFromSite('login')) },
        async (req) => ok(req.body.name),
      );
    },
    { prefix: '/x-api' },
  );
  await app.ready();
  return app;
}

const post = (app: App, url: string, payload: object, host = 'localhost') =>
  app.inject({ method: 'POST', url: `/x-api${url}`, payload, headers: { platform: 'pc', host } });

describe('requireCaptcha', () => {
  let app: App | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await app?.close();
    app = undefined;
  });

  it('accepts a valid solution once and refuses its replay', async () => {
    app = await guardedApp();
    const captcha = await solveCaptcha(app, CAPTCHA_SCENE.REGISTER);
    const first = await post(app, '/test/register', { name: 'a', captcha });
    expect(first.json()).toMatchObject({ ret_code: 0, result: 'a' });
    const again = await post(app, '/test/register', { name: 'a', captcha });
    expect(again.json().ret_code).toBe(RetCode.CaptchaReplayed);
  });

  it('refuses a re-encoded copy of a used solution as a replay', async () => {
    app = await guardedApp();
    const captcha = await solveCaptcha(app, CAPTCHA_SCENE.REGISTER);
    await post(app, '/test/register', { name: 'a', captcha });
    const decoded: unknown = JSON.parse(Buffer.from(captcha.magpie_verify_info.token, 'base64').toString());
    const token = Buffer.from(JSON.stringify(decoded, null, 1)).toString('base64');
    const res = await post(app, '/test/register', {
      name: 'a',
      captcha: { ...captcha, magpie_verify_info: { ...captcha.magpie_verify_info, token } },
    });
    expect(res.json().ret_code).toBe(RetCode.CaptchaReplayed);
  });

  it('refuses a missing result on a required scene with 10026', async () => {
    app = await guardedApp();
    const res = await post(app, '/test/register', { name: 'a' });
    expect(res.json().ret_code).toBe(RetCode.CaptchaRequired);
  });

  it('refuses a solution for another scene', async () => {
    app = await guardedApp();
    const forLogin = await solveCaptcha(app, CAPTCHA_SCENE.LOGIN);
    // Claimed honestly as a login solution…
    const claimed = await post(app, '/test/register', { name: 'a', captcha: forLogin });
    expect(claimed.json().ret_code).toBe(RetCode.CaptchaSceneMismatch);
    // …or relabelled: the scene signed into the challenge still says login.
    const relabelled = {
      ...forLogin,
      magpie_verify_info: { ...forLogin.magpie_verify_info, scene: CAPTCHA_SCENE.REGISTER },
    };
    const res = await post(app, '/test/register', { name: 'a', captcha: relabelled });
    expect(res.json().ret_code).toBe(RetCode.CaptchaSceneMismatch);
  });

  it('refuses an expired solution', async () => {
    app = await guardedApp({ CAPTCHA_ALTCHA_TTL_SECONDS: '60' });
    const captcha = await solveCaptcha(app, CAPTCHA_SCENE.REGISTER);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    const res = await post(app, '/test/register', { name: 'a', captcha });
    expect(res.json().ret_code).toBe(RetCode.CaptchaExpired);
  });

  it('refuses tampered, malformed and test-mode payloads as invalid', async () => {
    app = await guardedApp();
    const captcha = await solveCaptcha(app, CAPTCHA_SCENE.REGISTER);
    const payload = JSON.parse(Buffer.from(captcha.magpie_verify_info.token, 'base64').toString()) as {
      solution: { derivedKey: string };
    };
    // The derived key is the proof (its HMAC is signed into the challenge); flip its last digit.
    const key = payload.solution.derivedKey;
    payload.solution.derivedKey = key.slice(0, -1) + (key.endsWith('0') ? '1' : '0');
    const tampered = Buffer.from(JSON.stringify(payload)).toString('base64');
    const testMode = Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString(
      'base64',
    );
    for (const token of [tampered, testMode, 'not base64 json']) {
      const res = await post(app, '/test/register', {
        name: 'a',
        captcha: { ...captcha, magpie_verify_info: { ...captcha.magpie_verify_info, token } },
      });
      expect(res.json().ret_code).toBe(RetCode.CaptchaInvalid);
    }
    const wrongShape = await post(app, '/test/register', { name: 'a', captcha: { type: 'magpie' } });
    expect(wrongShape.json().ret_code).toBe(RetCode.CaptchaInvalid);
  });

  it('refuses a vendor result when that vendor is not configured', async () => {
    app = await guardedApp();
    const captcha = { type: 'recaptcha', key_version: 'v2', g_recaptcha_response: 'x' };
    const res = await post(app, '/test/register', { name: 'a', captcha });
    expect(res.json().ret_code).toBe(RetCode.CaptchaUnavailable);
  });

  it('requires nothing when captchas are switched off', async () => {
    app = await guardedApp({ CAPTCHA_ENABLED: '0' });
    const res = await post(app, '/test/register', { name: 'a' });
    expect(res.json()).toMatchObject({ ret_code: 0 });
  });

  it('requires a scene only on the sites it is configured for', async () => {
    app = await guardedApp({ CAPTCHA_REQUIRED_SCENES: '31004,31013@TUR' });
    // Global login (31000) is not listed; Turkey's login (31013) is.
    expect((await post(app, '/test/login', { name: 'a' })).json().ret_code).toBe(0);
    expect((await post(app, '/test/login', { name: 'a' }, 'tr.localhost')).json().ret_code).toBe(
      RetCode.CaptchaRequired,
    );
    const captcha = await solveCaptcha(app, CAPTCHA_SCENE.TURKEY_LOGIN, 'tr.localhost');
    expect((await post(app, '/test/login', { name: 'a', captcha }, 'tr.localhost')).json().ret_code).toBe(0);
  });
});
