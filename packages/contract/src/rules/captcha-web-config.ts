import type { OldCaptchaType } from './captcha-result.js';
import type { CaptchaScene } from './captcha-scenes.js';

/** The `type` query value of captcha-info. */
export const CAPTCHA_TYPE_BEHAVIOR_GEETEST = 'CAPTCHA_TYPE_BEHAVIOR_GEETEST' as const;

/** `project_name` of the web config calls. */
export const WEB_CONFIG_PROJECT = 'gatehouse';

/** Web config entries the captcha reads. */
export const WEB_CONFIG_KEY = {
  /** Per-scene CaptchaSceneConfig, keyed by scene (stored). */
  CAPTCHA_SCENE_CONFIG: 'captcha_scene_config',
  /** CaptchaVendorScripts: script URLs and public keys (from server configuration). */
  CAPTCHA_VENDOR_SCRIPTS: 'captcha_vendor_scripts',
  /** CaptchaRequirement for the requesting site (from server configuration). */
  CAPTCHA_REQUIRED: 'captcha_required',
} as const;

/** Where an older captcha's script comes from, and the public key it needs on the page. */
export interface CaptchaVendorScript {
  url: string;
  /** reCAPTCHA site key or Tencent CaptchaAppId; Geetest's id comes from captcha-info. */
  siteKey?: string;
}

/** Only vendors the server can verify are listed; the web skips the others. */
export type CaptchaVendorScripts = Partial<Record<OldCaptchaType, CaptchaVendorScript>>;

/** Whether this site asks for captchas, and for which scenes. */
export interface CaptchaRequirement {
  enabled: boolean;
  scenes: CaptchaScene[];
}

/** Captcha-info answer (spec §3): behavioural-puzzle parameters; `success` 0 means use another captcha. */
export interface CaptchaInfo {
  gt: string;
  challenge: string;
  sGt: string;
  sChallenge: string;
  success: 0 | 1;
  newCaptcha: boolean;
}
