import type { CaptchaScene } from './captcha-scenes.js';

/**
 * What a solved captcha sends with the protected request (spec §3 "Captcha result"). Every
 * result is tagged with its type and key version v2; the server picks the verifier by `type`.
 * It travels in the JSON body under `captcha` (CAPTCHA_BODY_FIELD).
 */
export const CAPTCHA_KEY_VERSION = 'v2';
export type CaptchaKeyVersion = typeof CAPTCHA_KEY_VERSION;

/** The body field of a protected request that carries the result. */
export const CAPTCHA_BODY_FIELD = 'captcha';

/** The older (vendor) types, in the order the seed lists them per scene. */
export const OLD_CAPTCHA_TYPES = ['geetest', 'tencent', 'recaptcha'] as const;
export type OldCaptchaType = (typeof OLD_CAPTCHA_TYPES)[number];

/** `magpie` is the new, self-hosted proof-of-work verification (ALTCHA). */
export const CAPTCHA_TYPES = ['magpie', ...OLD_CAPTCHA_TYPES] as const;
export type CaptchaType = (typeof CAPTCHA_TYPES)[number];

export function isOldCaptchaType(value: unknown): value is OldCaptchaType {
  return typeof value === 'string' && (OLD_CAPTCHA_TYPES as readonly string[]).includes(value);
}

interface Tagged<T extends CaptchaType> {
  type: T;
  key_version: CaptchaKeyVersion;
}

/** Self-hosted: `token` is the widget's base64 payload; `scene` must match the request's scene. */
export interface MagpieCaptchaResult extends Tagged<'magpie'> {
  magpie_verify_info: { token: string; scene: CaptchaScene };
}

/** Behavioural puzzle (Geetest v4 `getValidate()`); `captcha_id` is the `gt` of captcha-info. */
export interface GeetestCaptchaResult extends Tagged<'geetest'> {
  captcha_id: string;
  lot_number: string;
  captcha_output: string;
  pass_token: string;
  gen_time: string;
}

/** Tencent-type (TCaptcha): a ticket and a random string. */
export interface TencentCaptchaResult extends Tagged<'tencent'> {
  ticket: string;
  randstr: string;
}

/** Google reCAPTCHA v2. */
export interface RecaptchaCaptchaResult extends Tagged<'recaptcha'> {
  g_recaptcha_response: string;
}

export type CaptchaResult =
  MagpieCaptchaResult | GeetestCaptchaResult | TencentCaptchaResult | RecaptchaCaptchaResult;

export function magpieResult(token: string, scene: CaptchaScene): MagpieCaptchaResult {
  return { type: 'magpie', key_version: CAPTCHA_KEY_VERSION, magpie_verify_info: { token, scene } };
}

export function geetestResult(
  fields: Omit<GeetestCaptchaResult, 'type' | 'key_version'>,
): GeetestCaptchaResult {
  return { type: 'geetest', key_version: CAPTCHA_KEY_VERSION, ...fields };
}

export function tencentResult(ticket: string, randstr: string): TencentCaptchaResult {
  return { type: 'tencent', key_version: CAPTCHA_KEY_VERSION, ticket, randstr };
}

export function recaptchaResult(response: string): RecaptchaCaptchaResult {
  return { type: 'recaptcha', key_version: CAPTCHA_KEY_VERSION, g_recaptcha_response: response };
}
