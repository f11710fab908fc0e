import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as WhenPageIdle from './when-page-idle';

type Module = typeof WhenPageIdle;

// The module keeps whether the first page has shown: a fresh copy per test.
async function fresh(): Promise<Module> {
  vi.resetModules();
  return import('./when-page-idle');
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('whenPageIdle', () => {
  it('waits for the first page to show, then for the page’s arrival loads, then runs', async () => {
    const idle = await fresh();
    const task = vi.fn();
    idle.whenPageIdle(task);
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).not.toHaveBeenCalled();

    const settled = idle.pageLoadStarted();
    idle.markPageShown();
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).not.toHaveBeenCalled();

    settled();
    await vi.advanceTimersByTimeAsync(10);
    expect(task).toHaveBeenCalledOnce();
  });

  it('runs at once (after the idle callback) once the page is shown and quiet', async () => {
    const idle = await fresh();
    idle.markPageShown();
    const task = vi.fn();
    idle.whenPageIdle(task);
    await vi.advanceTimersByTimeAsync(10);
    expect(task).toHaveBeenCalledOnce();
  });

  it('does not let a load that never settles hold background work for more than a few seconds', async () => {
    const idle = await fresh();
    idle.pageLoadStarted();
    idle.markPageShown();
    const task = vi.fn();
    idle.whenPageIdle(task);
    await vi.advanceTimersByTimeAsync(4000);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1100);
    expect(task).toHaveBeenCalledOnce();
  });

  it('counts a load once however often it settles, and runs nothing after cancel', async () => {
    const idle = await fresh();
    const first = idle.pageLoadStarted();
    const second = idle.pageLoadStarted();
    idle.markPageShown();
    const task = vi.fn();
    const cancelled = vi.fn();
    idle.whenPageIdle(task);
    idle.whenPageIdle(cancelled)();
    first();
    first();
    await vi.advanceTimersByTimeAsync(10);
    expect(task).not.toHaveBeenCalled();
    second();
    await vi.advanceTimersByTimeAsync(10);
    expect(task).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();
  });
});
