import { useMemo, useState } from 'react';
import { LoginPage } from '../../features/login/login-page';
import { TelegramLoginButton } from '../../features/telegram/telegram-login-button';
import {
  pendingBody,
  readStoredPending,
  storePending,
  type SocialPending,
} from '../../features/social-login/social-names';
import { AuthFlowContext, type AuthFlow } from '../../lib/auth/auth-flow';
import { useBootstrap } from '../../lib/bootstrap-context';
import { SocialSlot } from './social-slot';

/** A pending bind the sign-up page left ("I already have an account" there), taken once. */
function takeStoredPending(): SocialPending | null {
  const pending = readStoredPending();
  storePending(null);
  return pending;
}

/**
 * `/login`: the login page with "Or continue with: Google / Apple / Telegram" (issue 16). After an
 * unbound provider login and "I already have an account" (or an unbound Telegram account), the login
 * form carries `third_pending_id` (or `tg_pending_id`): login-and-bind.
 */
export function LoginRoute() {
  const { telegram, socialLogin } = useBootstrap();
  const [pending, setPending] = useState<SocialPending | null>(takeStoredPending);
  const flow = useMemo<AuthFlow>(() => (pending ? { extraBody: pendingBody(pending) } : {}), [pending]);
  return (
    <AuthFlowContext.Provider value={flow}>
      <LoginPage />
      <SocialSlot
        rows={(socialLogin?.providers.length ?? 0) + (telegram ? 1 : 0)}
        from="login"
        pending={pending}
        onPending={setPending}
        extra={
          // Telegram on (a bot token): its Login Widget, then the same third-party login call.
          telegram ? (
            <TelegramLoginButton
              onPending={(id) => setPending({ id, provider: 'telegram', email: null, emailVerified: false })}
            />
          ) : undefined
        }
      />
    </AuthFlowContext.Provider>
  );
}
