import { describe, expect, it } from 'vitest';
import { captchaVendorOrigins, loadCaptchaConfig, parseRequiredScenes } from './captcha-config.js';

describe('captcha configuration', () => {
  it('requires login, sign-up and third-party login by default', () => {
    const config = loadCaptchaConfig({}, []);
    expect(config.enabled).toBe(true);
    expect(config.required.map((r) => r.scene).sort()).toEqual([31000, 31001, 31004, 31013, 31014]);
    expect(config.geetest).toBeNull();
  });

  it('reads scenes limited to sites', () => {
    const issues: string[] = [];
    expect(parseRequiredScenes('31000@global|eu, 31004', issues)).toEqual([
      { scene: 31000, sites: ['global', 'EU'] },
      { scene: 31004, sites: null },
    ]);
    expect(parseRequiredScenes('', issues)).toEqual([]);
    expect(issues).toEqual([]);
    parseRequiredScenes('99,31000@Mars', issues);
    expect(issues).toHaveLength(2);
  });

  it('refuses half a vendor configuration', () => {
    const issues: string[] = [];
    loadCaptchaConfig({ CAPTCHA_RECAPTCHA_SITE_KEY: 'x' }, issues);
    expect(issues.join()).toContain('CAPTCHA_RECAPTCHA');
  });

  it('lists the script origins of configured vendors for the CSP', () => {
    const config = loadCaptchaConfig({ CAPTCHA_RECAPTCHA_SITE_KEY: 'k', CAPTCHA_RECAPTCHA_SECRET: 's' }, []);
    expect(captchaVendorOrigins(config)).toContain('https://www.google.com');
  });
});
