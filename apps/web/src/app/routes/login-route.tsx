import { useMemo, useState } from 'react';
import { LoginPage } from '../../features/login/login-page';
import { SocialSignIn } from '../../features/social-login/social-sign-in';
import {
  readStoredPending,
  storePending,
  type SocialPending,
} from '../../features/social-login/social-names';
import { AuthFlowContext, type AuthFlow } from '../../lib/auth/auth-flow';

/** A pending bind the sign-up page left ("I already have an account" there), taken once. */
function takeStoredPending(): SocialPending | null {
  const pending = readStoredPending();
  storePending(null);
  return pending;
}

/**
 * `/login`: the login page with "Continue with Google / Apple" (issue 16). After an unbound provider
 * login and "I already have an account", the login form carries `third_pending_id` (login-and-bind).
 */
export function LoginRoute() {
  const [pending, setPending] = useState<SocialPending | null>(takeStoredPending);
  const flow = useMemo<AuthFlow>(
    () => (pending ? { extraBody: { third_pending_id: pending.id } } : {}),
    [pending],
  );
  return (
    <AuthFlowContext.Provider value={flow}>
      <LoginPage />
      <SocialSignIn from="login" pending={pending} onPending={setPending} />
    </AuthFlowContext.Provider>
  );
}
