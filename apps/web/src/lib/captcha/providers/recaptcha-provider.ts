import { recaptchaResult, type CaptchaResult } from '@gatehouse/contract';
import { openCaptchaPanel, type CaptchaPanel } from './captcha-panel';
import type { CaptchaTexts } from './captcha-texts';
import { loadScript } from './load-script';
import type { CaptchaProvider, ProviderContext } from './provider';
import { vendorWindow, type Grecaptcha } from './vendor-globals';

const grecaptcha = (): Grecaptcha | undefined => {
  const g = vendorWindow().grecaptcha;
  return typeof g?.render === 'function' && typeof g.reset === 'function' ? (g as Grecaptcha) : undefined;
};

/** Google reCAPTCHA v2: the "I'm not a robot" checkbox, rendered in the panel or the page's slot. */
export function recaptchaProvider(ctx: ProviderContext, texts: CaptchaTexts): CaptchaProvider {
  let panel: CaptchaPanel | undefined;
  let widgetId: number | undefined;
  let reject: (e: Error) => void = () => undefined;

  return {
    type: 'recaptcha',
    async load() {
      if (!ctx.script?.siteKey) throw new Error('recaptcha not configured');
      // With render=explicit the script defines `grecaptcha.render` once its own parts have loaded.
      await loadScript(ctx.script.url, () => grecaptcha() !== undefined, ctx.timers);
    },
    isReady: () => grecaptcha() !== undefined,
    show() {
      return new Promise<CaptchaResult>((resolve, fail) => {
        reject = fail;
        const g = grecaptcha();
        const siteKey = ctx.script?.siteKey;
        if (!g || !siteKey) return fail(new Error('recaptcha not ready'));
        panel = openCaptchaPanel(texts, ctx.onCancel, ctx.container);
        widgetId = g.render(panel.body, {
          sitekey: siteKey,
          callback: (token) => resolve(recaptchaResult(token)),
          'expired-callback': () => fail(new Error('recaptcha expired')),
          'error-callback': () => fail(new Error('recaptcha error')),
        });
      });
    },
    destroy() {
      reject(new Error('destroyed'));
      if (widgetId !== undefined) grecaptcha()?.reset(widgetId);
      panel?.destroy();
      panel = undefined;
    },
  };
}
