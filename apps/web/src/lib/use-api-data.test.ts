import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useApiData } from './use-api-data';

/** Answers held open until the test settles them, one per call. */
function answers<T>() {
  const calls: { resolve: (value: T) => void; reject: (error: unknown) => void; signal: AbortSignal }[] = [];
  const loader = vi.fn(
    (signal: AbortSignal) =>
      new Promise<T>((resolve, reject) => {
        calls.push({ resolve, reject, signal });
      }),
  );
  return { loader, calls };
}

describe('useApiData', () => {
  it('loads on mount, then shows the answer and calls onData once', async () => {
    const { loader, calls } = answers<string>();
    const onData = vi.fn();
    const { result } = renderHook(() => useApiData('profile', loader, { onData }));
    expect(result.current).toMatchObject({ data: undefined, loading: true });
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]?.resolve('ada'));
    expect(result.current).toMatchObject({ data: 'ada', error: undefined, loading: false });
    expect(onData).toHaveBeenCalledExactlyOnceWith('ada');
  });

  it('reports a failure, and reload runs the loader again keeping the last answer meanwhile', async () => {
    const { loader, calls } = answers<string>();
    const onError = vi.fn();
    const { result } = renderHook(() => useApiData('profile', loader, { onError }));
    await waitFor(() => expect(calls).toHaveLength(1));
    const failure = new Error('down');
    await act(async () => calls[0]?.reject(failure));
    expect(result.current).toMatchObject({ error: failure, loading: false });
    expect(onError).toHaveBeenCalledExactlyOnceWith(failure);

    act(() => result.current.reload());
    expect(result.current).toMatchObject({ error: failure, loading: true });
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => calls[1]?.resolve('back'));
    expect(result.current).toMatchObject({ data: 'back', error: undefined, loading: false });
  });

  it('drops the answer for an old key and aborts its signal', async () => {
    const { loader, calls } = answers<string>();
    const onData = vi.fn();
    const { result, rerender } = renderHook(({ key }) => useApiData(key, loader, { onData }), {
      initialProps: { key: 'a' },
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    rerender({ key: 'b' });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]?.signal.aborted).toBe(true);
    await act(async () => calls[0]?.resolve('for a'));
    expect(result.current).toMatchObject({ data: undefined, loading: true });
    await act(async () => calls[1]?.resolve('for b'));
    expect(result.current).toMatchObject({ data: 'for b', loading: false });
    expect(onData).toHaveBeenCalledExactlyOnceWith('for b');
  });

  it('loads nothing for a null key, and nothing is set or called after unmount', async () => {
    const idle = answers<string>();
    const { result: none } = renderHook(() => useApiData(null, idle.loader));
    expect(none.current).toMatchObject({ data: undefined, loading: false });
    expect(idle.loader).not.toHaveBeenCalled();

    const { loader, calls } = answers<string>();
    const onData = vi.fn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { unmount } = renderHook(() => useApiData('profile', loader, { onData }));
    await waitFor(() => expect(calls).toHaveLength(1));
    unmount();
    expect(calls[0]?.signal.aborted).toBe(true);
    await act(async () => calls[0]?.resolve('late'));
    expect(onData).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('runs the latest loader and handlers without restarting on a re-render', async () => {
    const { loader, calls } = answers<string>();
    const seen: string[] = [];
    const { rerender } = renderHook(
      ({ tag }) => useApiData('k', loader, { onData: (d) => seen.push(`${tag}:${d}`) }),
      {
        initialProps: { tag: 'first' },
      },
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    rerender({ tag: 'second' });
    await act(async () => calls[0]?.resolve('x'));
    expect(loader).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['second:x']);
  });
});
