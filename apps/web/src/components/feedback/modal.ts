import { enqueueModal, type ModalOptions, type ModalResult } from './feedback-store';

/** Spec §9 "Modal width 480px". */
export const MODAL_WIDTH_PX = 480;

/**
 * Opens an accessible dialog (title, description, focus trap, Escape closes) and resolves with how it
 * was closed. Dialogs queue: a second one opens when the first closes. The dialog code loads on first use.
 */
export function openModal(options: ModalOptions): Promise<ModalResult> {
  return enqueueModal(options);
}
