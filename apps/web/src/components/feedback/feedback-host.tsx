import { Suspense, lazy, useSyncExternalStore } from 'react';
import { feedbackSnapshot, subscribeFeedback } from './feedback-store';
import { loadWithStyleNonce } from './style-nonce';

const LazyToaster = lazy(() => loadWithStyleNonce(() => import('./lazy-toaster')));
const ModalDialog = lazy(() => import('./modal-dialog'));

/**
 * Mount once near the root. Renders nothing until the first toast or modal; only then are sonner
 * and the dialog code fetched, which keeps them out of the login page's initial bundle.
 */
export function FeedbackHost() {
  const { toasterWanted, modal } = useSyncExternalStore(
    subscribeFeedback,
    feedbackSnapshot,
    feedbackSnapshot,
  );
  return (
    <>
      {toasterWanted ? (
        <Suspense fallback={null}>
          <LazyToaster />
        </Suspense>
      ) : null}
      {modal ? (
        <Suspense fallback={null}>
          <ModalDialog key={modal.id} request={modal} />
        </Suspense>
      ) : null}
    </>
  );
}
