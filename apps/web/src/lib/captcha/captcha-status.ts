/**
 * The captcha loading indicator (spec §4: it clears after at most 5 s). Lives in the small entry
 * so a page can show it before the captcha code itself has loaded.
 */
type Listener = (loading: boolean) => void;

const listeners = new Set<Listener>();
let loading = false;

export function setCaptchaLoading(next: boolean): void {
  if (next === loading) return;
  loading = next;
  for (const listener of listeners) listener(loading);
}

export function isCaptchaLoading(): boolean {
  return loading;
}

/** Called with every change; returns the unsubscribe function (fits React's useSyncExternalStore). */
export function subscribeCaptchaLoading(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the monitor hook receives: one captcha event (flow chosen, error, skip, solved, unavailable). */
export type CaptchaMonitor = (event: { kind: string; scene: number } & Record<string, unknown>) => void;

let monitor: CaptchaMonitor | undefined;

/** Installs the hook captcha errors are tracked with (spec §4); `undefined` removes it. */
export function setCaptchaMonitor(fn: CaptchaMonitor | undefined): void {
  monitor = fn;
}

export function captchaMonitor(): CaptchaMonitor | undefined {
  return monitor;
}
