import { FEATURE_CONFIG_KEY } from '../rules/feature-flags.js';
import { WEB_CONFIG_KEY } from '../rules/captcha-web-config.js';
import { SIGNUP_BONUS_CONFIG_KEY } from '../rules/bonus.js';

/**
 * The web config entries the pages read (`POST /v3/config/web`, one call with one body, spec §7): the
 * captcha's settings, the feature flags and the sign-up variant. None depends on the visitor, so the
 * server also inlines them in every page's bootstrap (`PageBootstrap.webConfig`) and a page reads them
 * without a call at start; the call stays for a page kept open past the entry's cache lifetime.
 */
export const PAGE_WEB_CONFIG_KEYS = [
  WEB_CONFIG_KEY.CAPTCHA_SCENE_CONFIG,
  WEB_CONFIG_KEY.CAPTCHA_VENDOR_SCRIPTS,
  WEB_CONFIG_KEY.CAPTCHA_REQUIRED,
  FEATURE_CONFIG_KEY.FEATURE_FLAGS,
  FEATURE_CONFIG_KEY.REGISTER_UI,
  SIGNUP_BONUS_CONFIG_KEY,
] as const;
