import { FeedbackHost } from '../feedback/feedback-host';

/**
 * The part of the shell no page needs to be usable: the host of toasts and modals. The shell loads
 * it once the page is idle (issue 12); a toast or modal asked for earlier waits in the feedback store
 * and shows when the host mounts.
 */
export default function ShellExtras() {
  return <FeedbackHost />;
}
