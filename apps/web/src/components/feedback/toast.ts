import { enqueueToast, type ToastKind, type ToastPosition } from './feedback-store';

/** Spec §9 toast durations: errors 5 s, short notices 2 s, the library default 3 s. */
export const TOAST_ERROR_MS = 5_000;
export const TOAST_SHORT_MS = 2_000;
export const TOAST_DEFAULT_MS = 3_000;

export interface ToastOptions {
  durationMs?: number;
  position?: ToastPosition;
  kind?: ToastKind;
}

/**
 * Shows a toast. Callable before React renders and from non-React code (the API client); the toast
 * library is loaded by FeedbackHost on the first call, and earlier toasts wait for it.
 */
export function toast(message: string, options: ToastOptions = {}): void {
  enqueueToast({
    message,
    durationMs: options.durationMs ?? TOAST_DEFAULT_MS,
    position: options.position ?? 'center',
    kind: options.kind ?? 'default',
  });
}
