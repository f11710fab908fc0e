/** Toasts and modals for any code (sonner and the dialog load on first use); mount FeedbackHost once. */
export { toast, TOAST_DEFAULT_MS, TOAST_ERROR_MS, TOAST_SHORT_MS } from './toast';
export type { ToastOptions } from './toast';
export { openModal, MODAL_WIDTH_PX } from './modal';
export type { ModalOptions, ModalResult, ToastKind, ToastPosition } from './feedback-store';
export { FeedbackHost } from './feedback-host';
