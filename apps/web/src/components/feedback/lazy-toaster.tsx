import { useEffect } from 'react';
import { Toaster, toast as sonner } from 'sonner';
import { attachToaster, type ToastRequest } from './feedback-store';
import { TOAST_DEFAULT_MS } from './toast';

function show({ message, durationMs, position, kind }: ToastRequest): void {
  const options = {
    duration: durationMs,
    position: position === 'bottom' ? 'bottom-center' : 'top-center',
  } as const;
  if (kind === 'default') sonner(message, options);
  else sonner[kind](message, options);
}

/** Loaded with the first toast only, so sonner stays out of the initial bundle. */
export default function LazyToaster() {
  // Child effects run first, so sonner's Toaster is subscribed before queued toasts are replayed.
  useEffect(() => attachToaster(show), []);
  return <Toaster position="top-center" duration={TOAST_DEFAULT_MS} />;
}
