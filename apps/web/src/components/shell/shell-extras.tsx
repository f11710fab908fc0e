import { FeedbackHost } from '../feedback/feedback-host';
import { CookieBanner } from './cookie-banner';

/**
 * The parts of the shell no page needs to be usable: the cookie banner and the host of toasts and
 * modals. The shell loads them once the page is idle (issue 12); a toast or modal asked for earlier
 * waits in the feedback store and shows when the host mounts.
 */
export default function ShellExtras() {
  return (
    <>
      <CookieBanner />
      <FeedbackHost />
    </>
  );
}
