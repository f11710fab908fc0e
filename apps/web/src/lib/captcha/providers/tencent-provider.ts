import { tencentResult, type CaptchaResult } from '@gatehouse/contract';
import { loadScript } from './load-script';
import type { CaptchaProvider, ProviderContext } from './provider';
import { vendorWindow, type TencentCaptchaInstance } from './vendor-globals';

/** Tencent's answer codes: 0 solved, 2 closed by the user; anything else is an error. */
const SOLVED = 0;
const CLOSED = 2;

/** Tencent-type captcha (TCaptcha, its own popup); answers a ticket and a random string. */
export function tencentProvider(ctx: ProviderContext, language: string): CaptchaProvider {
  let captcha: TencentCaptchaInstance | undefined;
  let settle: { resolve: (r: CaptchaResult) => void; reject: (e: Error) => void } | undefined;

  return {
    type: 'tencent',
    async load() {
      const appId = ctx.script?.siteKey;
      if (!ctx.script || !appId) throw new Error('tencent not configured');
      await loadScript(ctx.script.url, () => typeof vendorWindow().TencentCaptcha === 'function', ctx.timers);
      const Captcha = vendorWindow().TencentCaptcha;
      if (!Captcha) throw new Error('TencentCaptcha missing');
      captcha = new Captcha(
        appId,
        (answer) => {
          if (answer.ret === SOLVED && answer.ticket && answer.randstr)
            settle?.resolve(tencentResult(answer.ticket, answer.randstr));
          else if (answer.ret === CLOSED) ctx.onCancel();
          else settle?.reject(new Error(`tencent error ${answer.errorCode ?? answer.ret}`));
        },
        { userLanguage: language },
      );
    },
    isReady: () => captcha !== undefined,
    show() {
      return new Promise<CaptchaResult>((resolve, reject) => {
        settle = { resolve, reject };
        captcha?.show();
      });
    },
    destroy() {
      settle?.reject(new Error('destroyed'));
      captcha?.destroy?.();
      captcha = undefined;
    },
  };
}
