/**
 * The captcha for pages (spec §4). This entry is tiny; the dispatcher, the providers and the
 * ALTCHA widget load on the first `runCaptcha` call.
 *
 *   const captcha = await runCaptcha(captchaSceneFor('register', site));
 *   await api.post(path, { ...payload, ...(captcha ? { captcha } : {}) });
 *
 * Resolves to the tagged result for the body's `captcha` field, or null when this site does not
 * require a captcha for the scene. Rejects with `CaptchaError`: `unavailable` (every captcha
 * failed; the toast was already shown) or `cancelled` (the user closed it, or `signal` aborted).
 */
import type { CaptchaResult, CaptchaScene } from '@gatehouse/contract';

export { CaptchaError, isCaptchaError } from './captcha-error';
export type { CaptchaErrorKind } from './captcha-error';
export { isCaptchaLoading, setCaptchaMonitor, subscribeCaptchaLoading } from './captcha-status';
export type { CaptchaMonitor } from './captcha-status';

export interface RunCaptchaOptions {
  /** The account being logged in to; the login captcha-info call sends it. */
  loginName?: string;
  /** Render the widget here (an inline slot in the form) instead of the floating panel. */
  container?: HTMLElement;
  /** Abort: the captcha is closed and the call rejects with `cancelled`. */
  signal?: AbortSignal;
  /** Ask even when configuration says the scene does not require it. */
  force?: boolean;
}

export async function runCaptcha(
  scene: CaptchaScene,
  options: RunCaptchaOptions = {},
): Promise<CaptchaResult | null> {
  const { runCaptchaNow } = await import('./run-captcha');
  return runCaptchaNow(scene, options);
}

/** Start loading the captcha code early (e.g. when the form gets focus), so the first run is quick. */
export function preloadCaptcha(): void {
  void import('./run-captcha');
}
