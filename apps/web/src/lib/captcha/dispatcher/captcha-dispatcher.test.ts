import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_CAPTCHA_SCENE_CONFIG,
  magpieResult,
  recaptchaResult,
  type CaptchaInfo,
  type CaptchaResult,
  type CaptchaSceneConfig,
  type CaptchaType,
  type CaptchaVendorScripts,
} from '@gatehouse/contract';
import { CaptchaError } from '../captcha-error';
import type { CaptchaProvider, ProviderContext } from '../providers/provider';
import { createCaptchaDispatcher, type CaptchaTrackEvent, type DispatcherDeps } from './captcha-dispatcher';
import { realTimers } from './timers';

/** How a fake provider behaves: load ok or fail (after ms), ready after ms, then solve or fail. */
interface Behaviour {
  load?: 'ok' | 'fail';
  loadMs?: number;
  readyAfterMs?: number;
  solve?: 'ok' | 'fail' | 'never';
}

const ALL_VENDORS: CaptchaVendorScripts = {
  geetest: { url: 'https://g/gt4.js' },
  tencent: { url: 'https://t/TCaptcha.js', siteKey: '1' },
  recaptcha: { url: 'https://r/api.js', siteKey: 'k' },
};
const GEETEST_OK: CaptchaInfo = {
  gt: 'id',
  challenge: 'c',
  sGt: '',
  sChallenge: '',
  success: 1,
  newCaptcha: true,
};

function resultOf(type: CaptchaType): CaptchaResult {
  return type === 'magpie' ? magpieResult('tok', 31004) : recaptchaResult(`${type}-token`);
}

function setup(
  options: {
    behaviour?: Partial<Record<CaptchaType, Behaviour>>;
    config?: Partial<CaptchaSceneConfig>;
    vendors?: CaptchaVendorScripts;
    info?: CaptchaInfo | 'fail';
    guid?: string;
  } = {},
) {
  const events: CaptchaTrackEvent[] = [];
  const created: CaptchaType[] = [];
  const shown: CaptchaType[] = [];
  const destroyed: CaptchaType[] = [];
  const visible = new Set<CaptchaType>();
  let maxVisible = 0;
  const loading: boolean[] = [];
  const toast = vi.fn();
  const contexts: ProviderContext[] = [];
  /** Milliseconds after its load at which each readiness check ran. */
  const readyChecks: number[] = [];

  const createProvider = (type: CaptchaType, ctx: ProviderContext): CaptchaProvider => {
    const b: Behaviour = options.behaviour?.[type] ?? {};
    created.push(type);
    contexts.push(ctx);
    let loadedAt = 0;
    let reject: (e: Error) => void = () => undefined;
    return {
      type,
      load: () =>
        new Promise<void>((resolve, fail) =>
          setTimeout(() => {
            loadedAt = Date.now();
            if (b.load === 'fail') fail(new Error(`${type} load failed`));
            else resolve();
          }, b.loadMs ?? 0),
        ),
      isReady: () => {
        readyChecks.push(Date.now() - loadedAt);
        return Date.now() - loadedAt >= (b.readyAfterMs ?? 0);
      },
      show: () => {
        shown.push(type);
        visible.add(type);
        maxVisible = Math.max(maxVisible, visible.size);
        return new Promise<CaptchaResult>((resolve, fail) => {
          reject = fail;
          if (b.solve === 'never') return;
          setTimeout(
            () => (b.solve === 'fail' ? fail(new Error(`${type} error`)) : resolve(resultOf(type))),
            10,
          );
        });
      },
      destroy: () => {
        destroyed.push(type);
        visible.delete(type);
        reject(new Error('destroyed'));
      },
    };
  };

  const deps: DispatcherDeps = {
    timers: realTimers,
    guid: () => options.guid ?? '00000000-0000-4000-8000-000000000000',
    sceneConfig: async () => ({ ...DEFAULT_CAPTCHA_SCENE_CONFIG, ...options.config }),
    vendorScripts: async () => options.vendors ?? ALL_VENDORS,
    captchaInfo: async () => {
      if (options.info === 'fail') throw new Error('captcha-info failed');
      return options.info ?? GEETEST_OK;
    },
    createProvider,
    setLoading: (value) => loading.push(value),
    toastUnavailable: toast,
    track: (event) => events.push(event),
  };
  const dispatcher = createCaptchaDispatcher(deps);
  return {
    dispatcher,
    events,
    created,
    shown,
    destroyed,
    loading,
    toast,
    contexts,
    readyChecks,
    maxVisible: () => maxVisible,
  };
}

/** Settles `promise` while running the fake clock; answers what it settled with. */
async function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const out: { value?: T; error?: unknown } = {};
  const done = promise.then(
    (value) => void (out.value = value),
    (error: unknown) => void (out.error = error),
  );
  await vi.runAllTimersAsync();
  await done;
  return out;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('captcha dispatcher', () => {
  it('new flow: the self-hosted captcha first, and its result when it succeeds', async () => {
    const t = setup();
    const out = await settle(t.dispatcher.dispatch(31004));
    expect(out.value).toEqual(magpieResult('tok', 31004));
    expect(t.created).toEqual(['magpie']);
    expect(t.destroyed).toEqual(['magpie']);
    expect(t.events[0]).toMatchObject({
      kind: 'flow',
      flow: 'new',
      chain: ['magpie', 'geetest', 'tencent', 'recaptcha'],
    });
    expect(t.toast).not.toHaveBeenCalled();
  });

  it('new flow: a load failure falls back to the scene’s older types, in order', async () => {
    const t = setup({
      config: { oldCapchaList: ['tencent', 'geetest', 'recaptcha'] },
      behaviour: { magpie: { load: 'fail' }, tencent: { load: 'fail' } },
    });
    const out = await settle(t.dispatcher.dispatch(31000));
    expect(t.created).toEqual(['magpie', 'tencent', 'geetest']);
    expect(out.value).toEqual(resultOf('geetest'));
    expect(t.events.filter((e) => e.kind === 'error').map((e) => e.kind === 'error' && e.type)).toEqual([
      'magpie',
      'tencent',
    ]);
  });

  it('new flow: an error while solving is tracked, that captcha destroyed, the next one tried', async () => {
    const t = setup({ behaviour: { magpie: { solve: 'fail' } } });
    const out = await settle(t.dispatcher.dispatch(31004));
    expect(t.created).toEqual(['magpie', 'geetest']);
    expect(t.destroyed).toEqual(['magpie', 'geetest']);
    expect(t.events).toContainEqual(
      expect.objectContaining({ kind: 'error', type: 'magpie', stage: 'solve' }),
    );
    expect(out.value).toEqual(resultOf('geetest'));
  });

  it('skips vendors the server has not configured', async () => {
    const t = setup({
      behaviour: { magpie: { load: 'fail' } },
      vendors: { recaptcha: ALL_VENDORS.recaptcha! },
    });
    const out = await settle(t.dispatcher.dispatch(31004));
    expect(t.created).toEqual(['magpie', 'recaptcha']);
    expect(out.value).toEqual(resultOf('recaptcha'));
  });

  it('retries show every 1 s, 3 times, until ready; then gives up on that captcha', async () => {
    const t = setup({ behaviour: { magpie: { load: 'fail' }, geetest: { readyAfterMs: 2_500 } } });
    const out = await settle(t.dispatcher.dispatch(31004));
    // Checked on load, then 1 s, 2 s (not ready), and at the third retry (3 s) it is.
    expect(t.readyChecks).toEqual([0, 1_000, 2_000, 3_000]);
    expect(t.shown).toEqual(['geetest']);
    expect(out.value).toEqual(resultOf('geetest'));

    const slow = setup({ behaviour: { magpie: { load: 'fail' }, geetest: { readyAfterMs: 3_500 } } });
    const slowOut = await settle(slow.dispatcher.dispatch(31004));
    expect(slow.readyChecks.slice(0, 4)).toEqual([0, 1_000, 2_000, 3_000]);
    expect(slow.events).toContainEqual(
      expect.objectContaining({ kind: 'error', type: 'geetest', stage: 'show' }),
    );
    expect(slow.created).toEqual(['magpie', 'geetest', 'tencent']);
    expect(slowOut.value).toEqual(resultOf('tencent'));
  });

  it('clears the loading indicator when a captcha shows', async () => {
    const t = setup();
    const promise = t.dispatcher.dispatch(31004);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.loading).toEqual([true, false]);
    await settle(promise);
  });

  it('clears the loading indicator after at most 5 s, even while a script still loads', async () => {
    const t = setup({ behaviour: { magpie: { loadMs: 8_000 } } });
    const promise = t.dispatcher.dispatch(31004);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(t.loading).toEqual([true]);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.loading).toEqual([true, false]);
    await settle(promise);
  });

  it('shows one captcha at a time; a second call for the scene joins the first', async () => {
    const t = setup({
      behaviour: { magpie: { solve: 'fail' }, geetest: { solve: 'fail' }, tencent: { solve: 'fail' } },
    });
    const first = t.dispatcher.dispatch(31004);
    const second = t.dispatcher.dispatch(31004);
    expect(second).toBe(first);
    await settle(first);
    expect(t.maxVisible()).toBe(1);
    expect(t.shown).toEqual(['magpie', 'geetest', 'tencent', 'recaptcha']);
  });

  it('a run for another scene cancels the one on screen', async () => {
    const t = setup({ behaviour: { magpie: { solve: 'never' } } });
    const first = t.dispatcher.dispatch(31004);
    await vi.advanceTimersByTimeAsync(0);
    const second = t.dispatcher.dispatch(31000);
    const firstOut = await settle(first);
    expect(firstOut.error).toEqual(new CaptchaError('cancelled'));
    expect(t.destroyed[0]).toBe('magpie');
    second.catch(() => undefined);
  });

  it('all captchas failing ends with the unavailable toast, never a hung form', async () => {
    const t = setup({
      behaviour: {
        magpie: { load: 'fail' },
        geetest: { load: 'fail' },
        tencent: { load: 'fail' },
        recaptcha: { load: 'fail' },
      },
    });
    const out = await settle(t.dispatcher.dispatch(31004));
    expect(out.error).toBeInstanceOf(CaptchaError);
    expect((out.error as CaptchaError).kind).toBe('unavailable');
    expect(t.toast).toHaveBeenCalledTimes(1);
    expect(t.loading.at(-1)).toBe(false);
  });

  it('old flow: a downgraded device (Guid tail) runs captcha-info → behavioural puzzle', async () => {
    const t = setup({
      config: { useDowngrade: true, guidTailList: ['a'] },
      guid: '00000000-0000-4000-8000-00000000000a',
    });
    const out = await settle(t.dispatcher.dispatch(31000, { loginName: 'x@y.z' }));
    expect(t.events[0]).toMatchObject({ kind: 'flow', flow: 'old', chain: ['geetest', 'recaptcha'] });
    expect(t.created).toEqual(['geetest']);
    expect(t.contexts[0]?.info).toEqual(GEETEST_OK);
    expect(out.value).toEqual(resultOf('geetest'));
  });

  it('old flow: a device whose tail is not listed stays on the new flow', async () => {
    const t = setup({
      config: { useDowngrade: true, guidTailList: ['a'] },
      guid: '00000000-0000-4000-8000-00000000000b',
    });
    await settle(t.dispatcher.dispatch(31000));
    expect(t.created).toEqual(['magpie']);
  });

  it('old flow: the puzzle failing falls back to Google', async () => {
    const t = setup({
      config: { completelyUseMagpieCatcha: false },
      behaviour: { geetest: { load: 'fail' } },
    });
    const out = await settle(t.dispatcher.dispatch(31000));
    expect(t.created).toEqual(['geetest', 'recaptcha']);
    expect(out.value).toEqual(resultOf('recaptcha'));
  });

  it('old flow: captcha-info success 0 picks Google', async () => {
    const t = setup({ config: { completelyUseMagpieCatcha: false }, info: { ...GEETEST_OK, success: 0 } });
    await settle(t.dispatcher.dispatch(31000));
    expect(t.created).toEqual(['recaptcha']);
  });

  it('a failed captcha-info fetch falls back to the alternate captcha', async () => {
    const old = setup({ config: { completelyUseMagpieCatcha: false }, info: 'fail' });
    await settle(old.dispatcher.dispatch(31000));
    expect(old.created).toEqual(['recaptcha']);
    // In the new flow's chain too: geetest is passed over for the next type.
    const chain = setup({ behaviour: { magpie: { load: 'fail' } }, info: 'fail' });
    await settle(chain.dispatcher.dispatch(31000));
    expect(chain.created).toEqual(['magpie', 'tencent']);
    expect(chain.events).toContainEqual(
      expect.objectContaining({ kind: 'skipped', type: 'geetest', reason: 'captcha-info' }),
    );
  });

  it('the user closing the captcha, or the page aborting, cancels the run', async () => {
    const t = setup({ behaviour: { magpie: { solve: 'never' } } });
    const run = t.dispatcher.dispatch(31004);
    await vi.advanceTimersByTimeAsync(0);
    t.contexts[0]?.onCancel();
    expect((await settle(run)).error).toEqual(new CaptchaError('cancelled'));
    expect(t.toast).not.toHaveBeenCalled();

    const controller = new AbortController();
    const aborted = t.dispatcher.dispatch(31004, { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    expect((await settle(aborted)).error).toEqual(new CaptchaError('cancelled'));
  });
});
