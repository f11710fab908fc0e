import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { RegisterPage } from '../../features/register/register-page';
import {
  pendingBody,
  readStoredPending,
  storePending,
  type SocialPending,
} from '../../features/social-login/social-names';
import { AuthFlowContext, type AuthFlow } from '../../lib/auth/auth-flow';
import { useBootstrap } from '../../lib/bootstrap-context';
import { whenPageIdle } from '../../lib/when-page-idle';
import { SocialSlot } from './social-slot';

// The channel's part of the page (affiliate card, bonus) is a chunk of its own, asked for once the page
// is idle: the sign-up page load stays what it was (ADR 0009, npm run bench:web).
const SignupChannelAside = lazy(() =>
  import('../../features/channels/signup-channel-aside').then((m) => ({ default: m.SignupChannelAside })),
);

function takeStoredPending(): SocialPending | null {
  const pending = readStoredPending();
  storePending(null);
  return pending;
}

/**
 * `/register`, `/sign-up` and the channel sign-ups `/web2`, `/channel-register` (their `register_channel`
 * / `regist_channel` travel in the query into the channel record): the sign-up form with the visitor's
 * channel (affiliate card, bonus for this site) above it, and "Continue with Google / Apple" (issue 16).
 * After an unbound provider login and "Create a new account", the sign-up carries `third_pending_id`
 * (register-and-bind).
 */
export function RegisterRoute() {
  const { socialLogin } = useBootstrap();
  const [idle, setIdle] = useState(false);
  useEffect(() => whenPageIdle(() => setIdle(true)), []);
  const [pending, setPending] = useState<SocialPending | null>(takeStoredPending);
  const flow = useMemo<AuthFlow>(() => (pending ? { extraBody: pendingBody(pending) } : {}), [pending]);
  return (
    <AuthFlowContext.Provider value={flow}>
      <RegisterPage
        aside={
          idle ? (
            <Suspense fallback={null}>
              <SignupChannelAside />
            </Suspense>
          ) : null
        }
      />
      <SocialSlot
        rows={socialLogin?.providers.length ?? 0}
        from="register"
        pending={pending}
        onPending={setPending}
      />
    </AuthFlowContext.Provider>
  );
}
