import { describe, expect, it } from 'vitest';
import type { Env } from '../config/index.js';
import { testApp } from '../test-support/test-app.js';

/** A production server (testConfig adds the shared keys production requires). */
const production = (env: Env = {}) => testApp({ NODE_ENV: 'production', ...env });

const TELEGRAM_ON = {
  TELEGRAM_BOT_TOKEN: '5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8',
  TELEGRAM_BOT_NAME: 'gatehouse_bot',
};
const RECAPTCHA = { CAPTCHA_RECAPTCHA_SITE_KEY: 'site-key', CAPTCHA_RECAPTCHA_SECRET: 'secret' };

async function policyOf(url: string, env: Env): Promise<{ csp: string; xfo: unknown }> {
  const app = await production(env);
  try {
    const res = await app.inject({ url, headers: { host: 'localhost' } });
    return { csp: String(res.headers['content-security-policy']), xfo: res.headers['x-frame-options'] };
  } finally {
    await app.close();
  }
}

describe('Content-Security-Policy lists only enabled providers', () => {
  it('names nothing of Telegram in production while Telegram is off', async () => {
    for (const url of ['/en/login', '/en/telegram-register-login', '/x-api/health']) {
      const { csp, xfo } = await policyOf(url, {});
      expect(csp).not.toMatch(/telegram\.org/);
      // A Mini App page with Telegram off is framed by nobody.
      expect(xfo).toBe('DENY');
    }
  });

  it("allows Telegram's widget script, login frame and Telegram Web framing once a bot is configured", async () => {
    const { csp } = await policyOf('/en/login', TELEGRAM_ON);
    expect(csp).toMatch(/script-src [^;]*https:\/\/telegram\.org/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/oauth\.telegram\.org/);
    const mini = await policyOf('/en/telegram-register-login', TELEGRAM_ON);
    expect(mini.csp).toMatch(/frame-ancestors https:\/\/web\.telegram\.org/);
    expect(mini.xfo).toBeUndefined();
  });

  it('names a captcha vendor only while it is configured and captchas are on', async () => {
    expect((await policyOf('/en/login', { CAPTCHA_ENABLED: '1' })).csp).not.toMatch(/google\.com/);
    expect((await policyOf('/en/login', { CAPTCHA_ENABLED: '1', ...RECAPTCHA })).csp).toMatch(
      /script-src [^;]*https:\/\/www\.google\.com/,
    );
    expect((await policyOf('/en/login', { CAPTCHA_ENABLED: '0', ...RECAPTCHA })).csp).not.toMatch(
      /google\.com|gstatic/,
    );
  });
});
