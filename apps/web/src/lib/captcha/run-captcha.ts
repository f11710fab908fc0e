import { sceneConfigFrom, type CaptchaResult, type CaptchaScene } from '@gatehouse/contract';
import { deviceGuid, pageLang } from '../../api';
import { toast, TOAST_ERROR_MS } from '../../components/feedback/toast';
import { fetchCaptchaConfig } from './api/fetch-captcha-config';
import { fetchCaptchaInfo } from './api/fetch-captcha-info';
import { captchaMonitor, setCaptchaLoading } from './captcha-status';
import { createCaptchaDispatcher } from './dispatcher/captcha-dispatcher';
import { realTimers } from './dispatcher/timers';
import type { RunCaptchaOptions } from './index';
import { captchaTexts } from './providers/captcha-texts';
import { providerFactory } from './providers/create-provider';

/** The lazily loaded half of `runCaptcha`: the dispatcher wired to the real calls, providers and toast. */
const dispatcher = createCaptchaDispatcher({
  timers: realTimers,
  guid: deviceGuid,
  sceneConfig: async (scene) => sceneConfigFrom((await fetchCaptchaConfig()).sceneConfig, scene),
  vendorScripts: async () => (await fetchCaptchaConfig()).vendorScripts,
  captchaInfo: fetchCaptchaInfo,
  // Texts and language are read per provider, so a language switch between runs is honoured.
  createProvider: (type, ctx) => providerFactory(captchaTexts(), pageLang())(type, ctx),
  setLoading: setCaptchaLoading,
  toastUnavailable: () => toast(captchaTexts().unavailable, { durationMs: TOAST_ERROR_MS, kind: 'error' }),
  track: (event) => {
    try {
      captchaMonitor()?.(event);
    } catch (error) {
      // A broken collector must never break the captcha it observes.
      console.error(error);
    }
  },
});

export async function runCaptchaNow(
  scene: CaptchaScene,
  options: RunCaptchaOptions,
): Promise<CaptchaResult | null> {
  if (!options.force) {
    const { required } = await fetchCaptchaConfig();
    // Unknown (the call failed): ask anyway, the server decides.
    if (required && (!required.enabled || !required.scenes.includes(scene))) return null;
  }
  return dispatcher.dispatch(scene, {
    ...(options.loginName ? { loginName: options.loginName } : {}),
    ...(options.container ? { container: options.container } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}
