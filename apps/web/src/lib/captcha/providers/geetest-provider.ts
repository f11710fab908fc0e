import { geetestResult, type CaptchaResult } from '@gatehouse/contract';
import { loadScript } from './load-script';
import type { CaptchaProvider, ProviderContext } from './provider';
import { vendorWindow, type Geetest4Captcha } from './vendor-globals';

/**
 * Behavioural puzzle (Geetest v4, "bind" mode: the vendor shows its own popup). Its id is the
 * `gt` of captcha-info; its answer is verified by our server through Geetest's validate API.
 */
export function geetestProvider(ctx: ProviderContext, language: string): CaptchaProvider {
  let captcha: Geetest4Captcha | undefined;
  let ready = false;
  let settle: { resolve: (r: CaptchaResult) => void; reject: (e: Error) => void } | undefined;
  const captchaId = ctx.info?.gt ?? '';

  return {
    type: 'geetest',
    async load() {
      if (!ctx.script || !captchaId) throw new Error('geetest not configured');
      await loadScript(ctx.script.url, () => typeof vendorWindow().initGeetest4 === 'function', ctx.timers);
      const init = vendorWindow().initGeetest4;
      init?.({ captchaId, product: 'bind', language }, (instance) => {
        captcha = instance
          .onReady(() => (ready = true))
          .onSuccess(() => {
            const v = instance.getValidate();
            if (v) settle?.resolve(geetestResult({ captcha_id: captchaId, ...v }));
            else settle?.reject(new Error('geetest gave no validate'));
          })
          .onError((e) => settle?.reject(new Error(`geetest error ${String(e.code ?? e.msg ?? '')}`)))
          .onClose(() => ctx.onCancel());
      });
    },
    isReady: () => ready && captcha !== undefined,
    show() {
      return new Promise<CaptchaResult>((resolve, reject) => {
        settle = { resolve, reject };
        captcha?.showCaptcha();
      });
    },
    destroy() {
      settle?.reject(new Error('destroyed'));
      captcha?.destroy();
      captcha = undefined;
    },
  };
}
