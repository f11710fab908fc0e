import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { pageLoadStarted } from './when-page-idle';

export interface ApiData<T> {
  /** The answer for the current key (kept while `reload` runs again); undefined until it arrives. */
  data: T | undefined;
  /** What the loader threw for the current key (kept while `reload` runs again). */
  error: unknown;
  /** True while the loader runs for the current key, on the first load and on `reload`. */
  loading: boolean;
  /** Runs the loader again for the same key ("try again"). */
  reload: () => void;
}

export interface ApiDataHandlers<T> {
  /** Runs once per answer that is still wanted (not after unmount or a key change): redirect, preselect. */
  onData?: (data: T) => void;
  /** Runs once per failure that is still wanted. */
  onError?: (error: unknown) => void;
}

interface Settled<T> {
  key: string;
  run: number;
  ok: boolean;
  data?: T;
  error?: unknown;
}

/**
 * The one data primitive of the web app: loads what the page shows when it mounts, again when `key`
 * changes, and on `reload`. A null key loads nothing. Answers for an old key or an unmounted page are
 * dropped, and the loader's signal is aborted then. Calls that should be cached say so in their own
 * `*-api.ts` (`useCache`, the response cache in `api/cache`), so a remount is answered from the cache.
 * The loader and handlers may close over anything: the latest ones run, and only the key and
 * `reload` start a load.
 */
export function useApiData<T>(
  key: string | null,
  loader: (signal: AbortSignal) => Promise<T>,
  handlers: ApiDataHandlers<T> = {},
): ApiData<T> {
  const [run, setRun] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const load = useEffectEvent(loader);
  const answered = useEffectEvent((data: T) => handlers.onData?.(data));
  const failed = useEffectEvent((error: unknown) => handlers.onError?.(error));

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    let live = true;
    // Background work waits for the loads a page makes on arrival (when-page-idle.ts).
    const settledLoad = pageLoadStarted();
    load(controller.signal)
      .finally(settledLoad)
      .then(
        (data) => {
          if (!live) return;
          setSettled({ key, run, ok: true, data });
          answered(data);
        },
        (error: unknown) => {
          if (!live) return;
          setSettled({ key, run, ok: false, error });
          failed(error);
        },
      );
    return () => {
      live = false;
      settledLoad();
      controller.abort();
    };
  }, [key, run]);

  const reload = useCallback(() => setRun((n) => n + 1), []);
  // An answer for another key is never shown; one for an earlier run of this key is, while reloading.
  const current = key !== null && settled?.key === key ? settled : null;
  return {
    data: current?.ok ? current.data : undefined,
    error: current && !current.ok ? current.error : undefined,
    loading: key !== null && current?.run !== run,
    reload,
  };
}
