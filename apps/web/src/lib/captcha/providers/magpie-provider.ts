import * as endpoints from '@gatehouse/contract/endpoints/captcha';
import { magpieResult, type CaptchaResult } from '@gatehouse/contract';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import { api } from '../../../api';
import { openCaptchaPanel, type CaptchaPanel } from './captcha-panel';
import type { CaptchaTexts } from './captcha-texts';
import type { CaptchaProvider, ProviderContext } from './provider';

/** The widget's language code for our own phrase set, filled from the locale files on each run. */
const STRINGS_CODE = 'gh';

/**
 * The new, self-hosted verification (ALTCHA proof of work, "Magpie" in the spec). The widget is a
 * labelled checkbox (keyboard operable) that ticks itself: the work starts as soon as it shows,
 * no click is needed. Its challenge comes through the envelope client (headers, errors), and its
 * base64 payload becomes `magpie_verify_info.token`.
 */
export function magpieProvider(ctx: ProviderContext, texts: CaptchaTexts): CaptchaProvider {
  let panel: CaptchaPanel | undefined;
  let widget: AltchaWidgetElement | undefined;
  let fail: (error: Error) => void = () => undefined;

  /** The widget's fetch: ours, unwrapping the envelope into the bare challenge it expects. */
  const fetchChallenge: typeof fetch = async () => {
    const envelope = await api.call(endpoints.altchaChallenge, { scene: ctx.scene }, { hideError: true });
    if (!envelope) return new Response(null, { status: 503 });
    return new Response(JSON.stringify(envelope.result), { headers: { 'content-type': 'application/json' } });
  };

  return {
    type: 'magpie',
    async load() {
      await import('./altcha-widget');
      globalThis.$altcha.i18n.set(STRINGS_CODE, {
        ariaLinkLabel: '',
        enterCode: texts.label,
        enterCodeAria: texts.label,
        error: texts.error,
        expired: texts.expired,
        footer: '',
        getAudioChallenge: texts.label,
        label: texts.label,
        loading: texts.verifying,
        reload: texts.retry,
        verify: texts.label,
        verificationRequired: texts.required,
        verified: texts.verified,
        verifying: texts.verifying,
        waitAlert: texts.verifying,
      });
      panel = openCaptchaPanel(texts, ctx.onCancel, ctx.container);
      widget = document.createElement('altcha-widget');
      panel.body.append(widget);
    },
    isReady: () => typeof widget?.configure === 'function',
    async show(): Promise<CaptchaResult> {
      const w = widget;
      if (!w) throw new Error('not loaded');
      const failed = new Promise<never>((_, reject) => (fail = reject));
      await w.configure({
        // Only a label here: the widget fetches through `fetchChallenge`, which calls the endpoint.
        challenge: `${endpoints.altchaChallenge.path}?scene=${ctx.scene}`,
        fetch: fetchChallenge,
        language: STRINGS_CODE,
        type: 'checkbox',
        hideFooter: true,
        hideLogo: true,
        // The page may run inside the exchange's app webview, where a stall must not hang the form.
        timeout: 30_000,
      });
      const verified = w.verify().then((result) => {
        if (!result?.payload) throw new Error('altcha verification failed');
        return magpieResult(result.payload, ctx.scene);
      });
      return Promise.race([verified, failed]);
    },
    destroy() {
      fail(new Error('destroyed'));
      widget?.remove();
      panel?.destroy();
      widget = undefined;
      panel = undefined;
    },
  };
}
