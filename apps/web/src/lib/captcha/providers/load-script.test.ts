import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realTimers } from '../dispatcher/timers';
import { loadScript } from './load-script';

describe('loadScript', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    document.head.innerHTML = '';
  });

  it('polls every 200 ms until the global is usable', async () => {
    let loaded = false;
    const checks = vi.fn(() => loaded);
    const promise = loadScript('https://vendor.example/a.js', checks, realTimers);
    expect(document.head.querySelector('script')?.src).toBe('https://vendor.example/a.js');
    await vi.advanceTimersByTimeAsync(600);
    expect(checks).toHaveBeenCalledTimes(5); // before inserting, then at 0, 200, 400, 600 ms
    loaded = true;
    await vi.advanceTimersByTimeAsync(200);
    await expect(promise).resolves.toBeUndefined();
  });

  it('fails after 5 s when the script never becomes usable (a blocked vendor may just hang)', async () => {
    const promise = loadScript('https://vendor.example/b.js', () => false, realTimers);
    const outcome = promise.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await outcome).toBeInstanceOf(Error);
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('fails at once on a script error', async () => {
    const promise = loadScript('https://vendor.example/c.js', () => false, realTimers);
    document.head.querySelector('script')?.dispatchEvent(new Event('error'));
    await expect(promise).rejects.toThrow('script error');
  });
});
