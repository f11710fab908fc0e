import {
  CAPTCHA_TIMING,
  captchaFlowKind,
  type CaptchaInfo,
  type CaptchaResult,
  type CaptchaScene,
  type CaptchaSceneConfig,
  type CaptchaType,
  type CaptchaVendorScripts,
} from '@gatehouse/contract';
import { CaptchaError } from '../captcha-error';
import type { CaptchaProvider, ProviderFactory } from '../providers/provider';
import { sleep, type Timers } from './timers';

/** What the monitor hook sees (spec §4 "Captcha errors are tracked"). */
export type CaptchaTrackEvent =
  | { kind: 'flow'; scene: CaptchaScene; flow: 'new' | 'old'; chain: CaptchaType[] }
  | { kind: 'skipped'; scene: CaptchaScene; type: CaptchaType; reason: 'not-configured' | 'captcha-info' }
  | {
      kind: 'error';
      scene: CaptchaScene;
      type: CaptchaType;
      stage: 'load' | 'show' | 'solve';
      message: string;
    }
  | { kind: 'solved'; scene: CaptchaScene; type: CaptchaType }
  | { kind: 'unavailable'; scene: CaptchaScene };

export interface DispatcherDeps {
  timers: Timers;
  /** The device's Guid (downgrade rule). */
  guid: () => string;
  /** The scene's config; implementations answer the defaults when the web-config call fails. */
  sceneConfig: (scene: CaptchaScene) => Promise<CaptchaSceneConfig>;
  vendorScripts: () => Promise<CaptchaVendorScripts>;
  /** Behavioural-puzzle parameters for the scene (login or sign-up call); rejects when the call fails. */
  captchaInfo: (scene: CaptchaScene, loginName: string | undefined) => Promise<CaptchaInfo>;
  createProvider: ProviderFactory;
  setLoading: (loading: boolean) => void;
  /** The "Captcha is currently unavailable" toast. */
  toastUnavailable: () => void;
  track: (event: CaptchaTrackEvent) => void;
}

export interface DispatchOptions {
  loginName?: string;
  container?: HTMLElement;
  signal?: AbortSignal;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The captcha flow of spec §4 as a state machine over a chain of captcha types:
 *
 * - dispatch: the scene's config and the device's Guid pick the new flow (self-hosted first, then
 *   the scene's `oldCapchaList` in order) or the older flow (captcha-info decides: the behavioural
 *   puzzle with Google as its fallback, or Google alone; a failed captcha-info fetch means Google);
 * - each type: load (script, init) → show (retried every 1 s, at most 3 times, until ready) →
 *   solve. Any error is tracked, that captcha destroyed, and the next type tried;
 * - the loading indicator clears when a captcha shows, or after at most 5 s;
 * - chain exhausted: the unavailable toast, and the run rejects with `unavailable`;
 * - one run at a time: a second call for the same scene joins the first; another scene cancels it.
 */
export function createCaptchaDispatcher(deps: DispatcherDeps) {
  const { timers } = deps;
  let active: { scene: CaptchaScene; promise: Promise<CaptchaResult>; cancel: () => void } | null = null;

  async function chainFor(scene: CaptchaScene, options: DispatchOptions) {
    const config = await deps.sceneConfig(scene);
    const flow = captchaFlowKind(config, deps.guid());
    let info: CaptchaInfo | undefined;
    let chain: CaptchaType[];
    if (flow === 'new') {
      chain = ['magpie', ...config.oldCapchaList];
    } else {
      try {
        info = await deps.captchaInfo(scene, options.loginName);
      } catch (error) {
        deps.track({ kind: 'error', scene, type: 'geetest', stage: 'load', message: message(error) });
      }
      chain = info?.success === 1 ? ['geetest', 'recaptcha'] : ['recaptcha'];
    }
    deps.track({ kind: 'flow', scene, flow, chain });
    return { chain, info };
  }

  /** Resolves when the provider is ready; checks now, then every 1 s, at most 3 more times. */
  async function whenReady(provider: CaptchaProvider, isCancelled: () => boolean): Promise<void> {
    for (let retry = 0; ; retry += 1) {
      if (isCancelled()) return;
      if (provider.isReady()) return;
      if (retry >= CAPTCHA_TIMING.SHOW_RETRIES) throw new Error('not ready');
      await sleep(timers, CAPTCHA_TIMING.SHOW_RETRY_MS);
    }
  }

  async function run(
    scene: CaptchaScene,
    options: DispatchOptions,
    state: { cancelled: boolean; current: CaptchaProvider | null; cancel: (e: CaptchaError) => void },
  ) {
    deps.setLoading(true);
    const loadingTimer = timers.setTimeout(() => deps.setLoading(false), CAPTCHA_TIMING.LOADING_MAX_MS);
    const stopLoading = () => {
      timers.clearTimeout(loadingTimer);
      deps.setLoading(false);
    };
    try {
      const { chain, info: firstInfo } = await chainFor(scene, options);
      let info = firstInfo;
      const scripts = await deps.vendorScripts();
      for (const type of chain) {
        if (state.cancelled) break;
        const script = type === 'magpie' ? undefined : scripts[type];
        if (type !== 'magpie' && !script) {
          deps.track({ kind: 'skipped', scene, type, reason: 'not-configured' });
          continue;
        }
        if (type === 'geetest' && !info) {
          try {
            info = await deps.captchaInfo(scene, options.loginName);
          } catch (error) {
            deps.track({ kind: 'error', scene, type, stage: 'load', message: message(error) });
          }
        }
        if (type === 'geetest' && info?.success !== 1) {
          // A failed or negative captcha-info: on to the alternate captcha.
          deps.track({ kind: 'skipped', scene, type, reason: 'captcha-info' });
          continue;
        }
        const provider = deps.createProvider(type, {
          scene,
          timers,
          ...(script ? { script } : {}),
          ...(info ? { info } : {}),
          ...(options.container ? { container: options.container } : {}),
          onCancel: () => state.cancel(new CaptchaError('cancelled')),
        });
        state.current = provider;
        let stage: 'load' | 'show' | 'solve' = 'load';
        try {
          await provider.load();
          stage = 'show';
          await whenReady(provider, () => state.cancelled);
          if (state.cancelled) break;
          stage = 'solve';
          const solving = provider.show();
          stopLoading();
          const result = await solving;
          deps.track({ kind: 'solved', scene, type });
          return result;
        } catch (error) {
          if (state.cancelled) break;
          deps.track({ kind: 'error', scene, type, stage, message: message(error) });
        } finally {
          provider.destroy();
          state.current = null;
        }
      }
      if (state.cancelled) throw new CaptchaError('cancelled');
      deps.track({ kind: 'unavailable', scene });
      deps.toastUnavailable();
      throw new CaptchaError('unavailable');
    } finally {
      stopLoading();
    }
  }

  function dispatch(scene: CaptchaScene, options: DispatchOptions = {}): Promise<CaptchaResult> {
    if (active?.scene === scene) return active.promise;
    active?.cancel();
    if (options.signal?.aborted) return Promise.reject(new CaptchaError('cancelled'));

    let rejectRun: (e: CaptchaError) => void = () => undefined;
    const cancelled = new Promise<never>((_, reject) => (rejectRun = reject));
    const state = {
      cancelled: false,
      current: null as CaptchaProvider | null,
      cancel: (error: CaptchaError) => {
        if (state.cancelled) return;
        state.cancelled = true;
        state.current?.destroy();
        rejectRun(error);
      },
    };
    const onAbort = () => state.cancel(new CaptchaError('cancelled'));
    options.signal?.addEventListener('abort', onAbort, { once: true });

    const promise = Promise.race([run(scene, options, state), cancelled]).finally(() => {
      options.signal?.removeEventListener('abort', onAbort);
      if (active?.promise === promise) active = null;
    });
    // The losing side of the race must not surface as an unhandled rejection.
    cancelled.catch(() => undefined);
    active = { scene, promise, cancel: () => state.cancel(new CaptchaError('cancelled')) };
    return promise;
  }

  return { dispatch, isActive: () => active !== null };
}

export type CaptchaDispatcher = ReturnType<typeof createCaptchaDispatcher>;
