import fp from 'fastify-plugin';
import { WEB_CONFIG_KEY } from '@gatehouse/contract';
import type { AppConfig } from '../../config/index.js';
import { createAltcha } from './altcha.js';
import { loadCaptchaSecret } from './captcha-secret.js';
import { createCaptchaService, type CaptchaService } from './captcha.service.js';
import { geetestVerifier } from './vendors/geetest.js';
import { recaptchaVerifier } from './vendors/recaptcha.js';
import { tencentVerifier } from './vendors/tencent.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue and verify captchas; routes guard themselves with `requireCaptcha` (captcha-guard.ts). */
    captcha: CaptchaService;
  }
}

/**
 * Needs `kv` (single use) and `web-config` (it publishes `captcha_vendor_scripts` and
 * `captcha_required`). Loads or creates the ALTCHA secret at start.
 */
export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const c = config.captcha;
    const secret = await loadCaptchaSecret({
      configured: c.altcha.hmacKey,
      // Tests keep the generated secret in memory rather than writing into the data folder.
      dataDir: config.nodeEnv === 'test' ? null : config.dataDir,
    });
    const service = createCaptchaService({
      config: c,
      altcha: createAltcha(c.altcha, secret),
      kv: app.kv,
      vendors: {
        ...(c.geetest ? { geetest: geetestVerifier(c.geetest, c.vendorTimeoutMs) } : {}),
        ...(c.tencent ? { tencent: tencentVerifier(c.tencent, c.vendorTimeoutMs) } : {}),
        ...(c.recaptcha ? { recaptcha: recaptchaVerifier(c.recaptcha, c.vendorTimeoutMs) } : {}),
      },
    });
    app.decorate('captcha', service);
    app.webConfig.contribute(WEB_CONFIG_KEY.CAPTCHA_VENDOR_SCRIPTS, () => service.vendorScripts());
    app.webConfig.contribute(WEB_CONFIG_KEY.CAPTCHA_REQUIRED, (site) => service.requirement(site));
  },
  { name: 'captcha', dependencies: ['kv', 'web-config'] },
);
