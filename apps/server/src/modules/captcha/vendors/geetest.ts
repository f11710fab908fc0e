import crypto from 'node:crypto';
import type { CaptchaConfig } from '../captcha-config.js';
import { isRecord, postVendor, type VendorVerifier } from './vendor-verifier.js';

type GeetestConfig = NonNullable<CaptchaConfig['geetest']>;

/**
 * Geetest v4 secondary validation: `POST {verifyUrl}?captcha_id=…` with the four values the
 * page's `getValidate()` gave and `sign_token` = HMAC-SHA256(lot_number) under the captcha key.
 * The answer is `{status: 'success', result: 'success' | 'fail', reason}`.
 */
export function geetestVerifier(config: GeetestConfig, timeoutMs: number): VendorVerifier<'geetest'> {
  return {
    type: 'geetest',
    tokenOf: (r) => `${r.captcha_id}:${r.lot_number}`,
    async verify(r) {
      // A solution for another Geetest account proves nothing to ours.
      if (r.captcha_id !== config.captchaId) return 'invalid';
      const signToken = crypto.createHmac('sha256', config.captchaKey).update(r.lot_number).digest('hex');
      const url = new URL(config.verifyUrl);
      url.searchParams.set('captcha_id', config.captchaId);
      const body = new URLSearchParams({
        lot_number: r.lot_number,
        captcha_output: r.captcha_output,
        pass_token: r.pass_token,
        gen_time: r.gen_time,
        sign_token: signToken,
      });
      const answer = await postVendor(
        url.toString(),
        { body: body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        timeoutMs,
      );
      if (!isRecord(answer) || answer.status !== 'success') return 'unavailable';
      return answer.result === 'success' ? 'ok' : 'invalid';
    },
  };
}
