import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSubmit } from './use-submit';

/** A promise with its resolve and reject, to hold an action open. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useSubmit', () => {
  it('is busy while the action runs and ignores a second submit meanwhile', async () => {
    const gate = deferred();
    const action = vi.fn(() => gate.promise);
    const { result } = renderHook(() => useSubmit(action));
    let first!: Promise<void>;
    act(() => {
      first = result.current.submit();
      void result.current.submit();
    });
    expect(result.current.busy).toBe(true);
    expect(action).toHaveBeenCalledTimes(1);
    await act(async () => {
      gate.resolve();
      await first;
    });
    expect(result.current.busy).toBe(false);
    await act(() => result.current.submit());
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('resets busy when the action throws, and lets the error reach the caller', async () => {
    const failure = new Error('refused');
    const { result } = renderHook(() =>
      useSubmit(async () => {
        throw failure;
      }),
    );
    await act(async () => {
      await expect(result.current.submit()).rejects.toBe(failure);
    });
    expect(result.current.busy).toBe(false);
    // Not stuck: the next submit runs.
    await act(async () => {
      await expect(result.current.submit()).rejects.toBe(failure);
    });
  });

  it('resolves to what the action returned, and to undefined when the submit was ignored', async () => {
    const gate = deferred();
    const { result } = renderHook(() =>
      useSubmit(async (n: number) => {
        await gate.promise;
        return n * 2;
      }),
    );
    let first!: Promise<number | undefined>;
    let second!: Promise<number | undefined>;
    act(() => {
      first = result.current.submit(2);
      second = result.current.submit(3);
    });
    await act(async () => gate.resolve());
    expect(await first).toBe(4);
    expect(await second).toBeUndefined();
  });

  it('passes arguments to the latest action', async () => {
    const seen: string[] = [];
    const { result, rerender } = renderHook(
      ({ tag }) => useSubmit(async (value: string) => void seen.push(`${tag}:${value}`)),
      {
        initialProps: { tag: 'a' },
      },
    );
    rerender({ tag: 'b' });
    await act(() => result.current.submit('x'));
    expect(seen).toEqual(['b:x']);
  });

  it('sets no state once unmounted', async () => {
    const gate = deferred();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result, unmount } = renderHook(() => useSubmit(() => gate.promise));
    let running!: Promise<void>;
    act(() => {
      running = result.current.submit();
    });
    unmount();
    gate.reject(new Error('late'));
    await expect(running).rejects.toThrow('late');
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
