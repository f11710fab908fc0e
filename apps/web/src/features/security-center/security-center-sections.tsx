import { SessionsSection } from './sessions-section';
import { SignInHistorySection } from './sign-in-history-section';

/**
 * The dashboard's account-security sections this feature owns (issue 17, docs/flows/sessions.md):
 * active sessions and the sign-in history. One lazy chunk (app/routes/dashboard-route.tsx), so no
 * other page carries it.
 */
export function SecurityCenterSections() {
  return (
    <>
      <SessionsSection />
      <SignInHistorySection />
    </>
  );
}
