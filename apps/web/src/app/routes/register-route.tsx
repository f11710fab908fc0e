import { useMemo, useState } from 'react';
import { RegisterPage } from '../../features/register/register-page';
import { SocialSignIn } from '../../features/social-login/social-sign-in';
import {
  pendingBody,
  readStoredPending,
  storePending,
  type SocialPending,
} from '../../features/social-login/social-names';
import { AuthFlowContext, type AuthFlow } from '../../lib/auth/auth-flow';

function takeStoredPending(): SocialPending | null {
  const pending = readStoredPending();
  storePending(null);
  return pending;
}

/**
 * `/register`: the sign-up page with "Continue with Google / Apple" (issue 16). After an unbound
 * provider login and "Create a new account", the sign-up carries `third_pending_id` (register-and-bind).
 */
export function RegisterRoute() {
  const [pending, setPending] = useState<SocialPending | null>(takeStoredPending);
  const flow = useMemo<AuthFlow>(() => (pending ? { extraBody: pendingBody(pending) } : {}), [pending]);
  return (
    <AuthFlowContext.Provider value={flow}>
      <RegisterPage />
      <SocialSignIn from="register" pending={pending} onPending={setPending} />
    </AuthFlowContext.Provider>
  );
}
