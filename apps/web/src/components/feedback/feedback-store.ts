import type { ReactNode } from 'react';

/**
 * The queue between the toast/modal facades (callable from anywhere, including the API client) and
 * FeedbackHost, which renders them. Nothing here imports sonner or the dialog: those load on first use.
 */

export type ToastKind = 'default' | 'success' | 'info' | 'error';
/** Horizontally centred at the top (spec §8 "centred toast") or at the bottom. */
export type ToastPosition = 'center' | 'bottom';

export interface ToastRequest {
  message: string;
  durationMs: number;
  position: ToastPosition;
  kind: ToastKind;
}

export interface ModalOptions {
  /** Required: a dialog is announced by its title. */
  title: string;
  description?: string;
  /** Extra body content below the description (a list, a link, …). */
  content?: ReactNode;
  confirmLabel: string;
  /** When given, a second button that resolves `cancel`. */
  cancelLabel?: string;
  /** Escape and a click outside close the dialog (`dismiss`); default true. */
  dismissible?: boolean;
}

export type ModalResult = 'confirm' | 'cancel' | 'dismiss';

export interface ModalRequest extends ModalOptions {
  id: number;
  settle: (result: ModalResult) => void;
}

export interface FeedbackSnapshot {
  /** Becomes true with the first toast; only then does the host load the toaster. */
  toasterWanted: boolean;
  /** The modal on screen; later ones wait their turn. */
  modal: ModalRequest | undefined;
}

type Deliver = (request: ToastRequest) => void;

const pendingToasts: ToastRequest[] = [];
const modals: ModalRequest[] = [];
const listeners = new Set<() => void>();
let deliver: Deliver | undefined;
let snapshot: FeedbackSnapshot = { toasterWanted: false, modal: undefined };
let nextModalId = 1;

function publish(next: Partial<FeedbackSnapshot>): void {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

export function subscribeFeedback(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function feedbackSnapshot(): FeedbackSnapshot {
  return snapshot;
}

export function enqueueToast(request: ToastRequest): void {
  if (deliver) return deliver(request);
  pendingToasts.push(request);
  if (!snapshot.toasterWanted) publish({ toasterWanted: true });
}

/** The mounted toaster registers how to show a toast; toasts queued before it mounted are shown now. */
export function attachToaster(fn: Deliver): () => void {
  deliver = fn;
  for (const request of pendingToasts.splice(0)) fn(request);
  return () => {
    if (deliver === fn) deliver = undefined;
  };
}

export function enqueueModal(options: ModalOptions): Promise<ModalResult> {
  return new Promise((resolve) => {
    const request: ModalRequest = {
      ...options,
      id: nextModalId++,
      settle: (result) => {
        const index = modals.indexOf(request);
        if (index === -1) return;
        modals.splice(index, 1);
        publish({ modal: modals[0] });
        resolve(result);
      },
    };
    modals.push(request);
    if (!snapshot.modal) publish({ modal: request });
  });
}
