import { afterEach, describe, expect, it, vi } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { setFeatureFlags } from '../../test-support/feature-flags.js';
import { testApp } from '../../test-support/test-app.js';
import { WEB_CONFIG_ANSWER_TTL_MS } from './web-config.routes.js';

const post = (app: App, url: string, payload: object, host = 'localhost') =>
  app.inject({ method: 'POST', url: `/x-api${url}`, payload, headers: { platform: 'pc', host } });

describe('POST /v3/config/web', () => {
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('answers seeded keys with their JSON value, leaves unknown keys out, caches 60 s', async () => {
    app = await testApp();
    const res = await post(app, '/v3/config/web', {
      project_name: 'gatehouse',
      keys: ['captcha_scene_config', 'nope'],
    });
    const body = res.json();
    expect(body.ret_code).toBe(0);
    expect(body.result.data).toHaveLength(1);
    expect(body.result.data[0].name).toBe('captcha_scene_config');
    expect(body.result.data[0].value['31004']).toMatchObject({ completelyUseMagpieCatcha: true });
    expect(res.headers['cache-control']).toBe('private, max-age=60');
  });

  it('computes the captcha entries from configuration, per site', async () => {
    app = await testApp({
      CAPTCHA_ENABLED: '1',
      CAPTCHA_REQUIRED_SCENES: '31004,31013@TUR',
      CAPTCHA_RECAPTCHA_SITE_KEY: 'site-key',
      CAPTCHA_RECAPTCHA_SECRET: 'secret',
      CAPTCHA_RECAPTCHA_SCRIPT_URL: 'http://127.0.0.1:9/api.js',
    });
    const keys = ['captcha_vendor_scripts', 'captcha_required'];
    const global = (await post(app, '/v3/config/web', { project_name: 'gatehouse', keys })).json().result
      .data;
    expect(global).toEqual([
      {
        name: 'captcha_vendor_scripts',
        value: { recaptcha: { url: 'http://127.0.0.1:9/api.js', siteKey: 'site-key' } },
      },
      { name: 'captcha_required', value: { enabled: true, scenes: [31004] } },
    ]);
    const turkey = (
      await post(app, '/v3/config/web', { project_name: 'gatehouse', keys }, 'tr.localhost')
    ).json();
    expect(turkey.result.data[1].value.scenes).toEqual([31004, 31013]);
    // The secret never leaves the server.
    expect(JSON.stringify(global)).not.toContain('secret');
  });

  it('serves a precomputed answer per site and keys, read again from the table after its lifetime', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      app = await testApp();
      const flags = async () =>
        (
          await post(app as App, '/v3/config/web', { project_name: 'gatehouse', keys: ['feature_flags'] })
        ).json().result.data[0].value;
      expect((await flags()).qrLogin).toBe(true);
      await setFeatureFlags(app, { qrLogin: false });
      // An operator's change (in the database) is not read on every call …
      expect((await flags()).qrLogin).toBe(true);
      vi.setSystemTime(Date.now() + WEB_CONFIG_ANSWER_TTL_MS);
      // … but once the answer's lifetime is over.
      expect((await flags()).qrLogin).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a body without keys', async () => {
    app = await testApp();
    const res = await post(app, '/v3/config/web', { project_name: 'gatehouse' });
    expect(res.json().ret_code).toBe(RetCode.ParamsInvalid);
  });
});

describe('POST /v3/config/banner', () => {
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('answers stored banners for the language, falling back to English', async () => {
    app = await testApp();
    const banners = { en: [{ title: 'Hello' }], 'tr-TR': [{ title: 'Merhaba', link: '/tr' }, { bad: 1 }] };
    await app.db
      .insertInto('web_config')
      .values({ name: 'banner:login_top', value: JSON.stringify(banners), updated_at: 0 })
      .execute();
    const tr = await post(app, '/v3/config/banner', {
      project_name: 'gatehouse',
      keys: ['login_top', 'missing'],
      properties: { language: 'tr-TR' },
    });
    expect(tr.json().result).toEqual({
      data: [{ name: 'login_top', value: [{ title: 'Merhaba', link: '/tr' }] }],
    });
    const ja = await post(app, '/v3/config/banner', {
      project_name: 'gatehouse',
      keys: ['login_top'],
      properties: { language: 'ja-JP' },
    });
    expect(ja.json().result.data[0].value).toEqual([{ title: 'Hello' }]);
  });
});
