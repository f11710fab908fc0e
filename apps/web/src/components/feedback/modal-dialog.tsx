import * as Dialog from '@radix-ui/react-dialog';
import { setNonce } from 'get-nonce';
import type { ModalRequest } from './feedback-store';
import { MODAL_WIDTH_PX } from './modal';
import { cspNonce } from './style-nonce';

// The scroll lock inserts a <style> element through get-nonce; production CSP needs the page nonce on it.
const nonce = cspNonce();
if (nonce) setNonce(nonce);

/**
 * One dialog on Radix: focus trap, Escape and outside click close, title and description wired to
 * aria-labelledby/-describedby. Positioning is inline so it works before any stylesheet; the class
 * names let the shell theme it.
 */
export default function ModalDialog({ request }: { request: ModalRequest }) {
  const { title, description, content, confirmLabel, cancelLabel, dismissible = true, settle } = request;
  const guard = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <Dialog.Root open onOpenChange={(open) => open || settle('dismiss')}>
      <Dialog.Portal>
        <Dialog.Overlay
          className="gh-modal-overlay"
          style={{ position: 'fixed', inset: 0, background: 'rgba(0, 0, 0, 0.5)', zIndex: 1000 }}
        />
        <Dialog.Content
          className="gh-modal"
          onEscapeKeyDown={guard}
          onPointerDownOutside={guard}
          onInteractOutside={guard}
          {...(description ? {} : { 'aria-describedby': undefined })}
          style={{
            position: 'fixed',
            top: '50%',
            left: '50%',
            transform: 'translate(-50%, -50%)',
            width: MODAL_WIDTH_PX,
            maxWidth: 'calc(100vw - 32px)',
            maxHeight: 'calc(100vh - 32px)',
            overflow: 'auto',
            boxSizing: 'border-box',
            padding: 24,
            borderRadius: 12,
            background: 'var(--gh-surface, #fff)',
            color: 'var(--gh-text, #121214)',
            zIndex: 1001,
          }}
        >
          <Dialog.Title className="gh-modal-title">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="gh-modal-description">{description}</Dialog.Description>
          ) : null}
          {content}
          <div className="gh-modal-actions">
            {cancelLabel ? (
              <button
                type="button"
                className="gh-button gh-button-secondary"
                onClick={() => settle('cancel')}
              >
                {cancelLabel}
              </button>
            ) : null}
            <button type="button" className="gh-button gh-button-primary" onClick={() => settle('confirm')}>
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
