/** What other modules use: the guard for protected routes (see docs/captcha.md). */
export { requireCaptcha, sceneFromSite, type SceneOf } from './captcha-guard.js';
export type { CaptchaService } from './captcha.service.js';
