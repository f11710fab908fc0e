import { useState } from 'react';
import { ChangePasswordSection } from './change-password-section';
import { SessionsSection } from './sessions-section';
import { SignInHistorySection } from './sign-in-history-section';

/**
 * The dashboard's account-security sections this feature owns (issue 17, docs/flows/sessions.md):
 * active sessions, the sign-in history and the password change. One lazy chunk
 * (app/routes/dashboard-route.tsx), so no other page carries it.
 */
export function SecurityCenterSections() {
  // A password change ends the other sessions: the list loads again to show it.
  const [generation, setGeneration] = useState(0);
  return (
    <>
      <SessionsSection generation={generation} />
      <SignInHistorySection />
      <ChangePasswordSection onChanged={() => setGeneration((g) => g + 1)} />
    </>
  );
}
