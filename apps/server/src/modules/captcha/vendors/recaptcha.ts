import type { CaptchaConfig } from '../captcha-config.js';
import { isRecord, postVendor, type VendorVerifier } from './vendor-verifier.js';

type RecaptchaConfig = NonNullable<CaptchaConfig['recaptcha']>;

/** reCAPTCHA v2 `siteverify`: form `secret`, `response`, `remoteip`; answers `{success, error-codes}`. */
export function recaptchaVerifier(config: RecaptchaConfig, timeoutMs: number): VendorVerifier<'recaptcha'> {
  return {
    type: 'recaptcha',
    tokenOf: (r) => r.g_recaptcha_response,
    async verify(r, ctx) {
      const body = new URLSearchParams({
        secret: config.secret,
        response: r.g_recaptcha_response,
        remoteip: ctx.ip,
      });
      const answer = await postVendor(
        config.verifyUrl,
        { body: body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        timeoutMs,
      );
      if (!isRecord(answer) || typeof answer.success !== 'boolean') return 'unavailable';
      return answer.success ? 'ok' : 'invalid';
    },
  };
}
