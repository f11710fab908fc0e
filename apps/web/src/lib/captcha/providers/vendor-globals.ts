/** The parts of the vendors' page APIs we use; each script defines its global when it loads. */

/** Geetest v4 (gt4.js). */
export interface Geetest4Captcha {
  onReady(fn: () => void): Geetest4Captcha;
  onSuccess(fn: () => void): Geetest4Captcha;
  onError(fn: (error: { code?: string | number; msg?: string }) => void): Geetest4Captcha;
  onClose(fn: () => void): Geetest4Captcha;
  showCaptcha(): void;
  getValidate(): { lot_number: string; captcha_output: string; pass_token: string; gen_time: string } | false;
  destroy(): void;
}
export type InitGeetest4 = (
  config: { captchaId: string; product: 'bind'; language?: string },
  callback: (captcha: Geetest4Captcha) => void,
) => void;

/** Tencent TCaptcha.js. */
export interface TencentCaptchaAnswer {
  ret: number;
  ticket?: string;
  randstr?: string;
  errorCode?: number;
}
export interface TencentCaptchaInstance {
  show(): void;
  destroy?(): void;
}
export type TencentCaptchaConstructor = new (
  appId: string,
  callback: (answer: TencentCaptchaAnswer) => void,
  options: { userLanguage?: string },
) => TencentCaptchaInstance;

/** Google reCAPTCHA v2, explicit rendering. */
export interface Grecaptcha {
  render(
    container: HTMLElement,
    params: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): number;
  reset(id?: number): void;
}

interface VendorWindow {
  initGeetest4?: InitGeetest4;
  TencentCaptcha?: TencentCaptchaConstructor;
  grecaptcha?: Partial<Grecaptcha>;
}

export const vendorWindow = (): VendorWindow => globalThis as unknown as VendorWindow;
