import { CAPTCHA_TIMING } from '@gatehouse/contract';
import type { Timers } from '../dispatcher/timers';

/**
 * Loads a vendor script once and resolves when `isLoaded()` says its global is usable, polled
 * every 200 ms. Rejects on a script error, or when it is not usable within 5 s (spec §9): in
 * regions where the vendor is blocked the request may hang rather than fail.
 */
export function loadScript(url: string, isLoaded: () => boolean, timers: Timers): Promise<void> {
  if (isLoaded()) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    let poll: unknown;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      timers.clearTimeout(poll);
      timers.clearTimeout(deadline);
      if (error) {
        // A failed script is removed so a later attempt loads it afresh.
        script.remove();
        reject(error);
      } else resolve();
    };
    const check = () => {
      if (isLoaded()) return finish();
      poll = timers.setTimeout(check, CAPTCHA_TIMING.POLL_MS);
    };
    const deadline = timers.setTimeout(
      () => finish(new Error(`script timeout: ${url}`)),
      CAPTCHA_TIMING.LOADING_MAX_MS,
    );
    const existing = [...document.querySelectorAll<HTMLScriptElement>('script[data-captcha-src]')].find(
      (el) => el.dataset.captchaSrc === url,
    );
    const script = existing ?? document.createElement('script');
    script.addEventListener('error', () => finish(new Error(`script error: ${url}`)));
    if (!existing) {
      script.src = url;
      script.async = true;
      script.dataset.captchaSrc = url;
      document.head.append(script);
    }
    check();
  });
}
