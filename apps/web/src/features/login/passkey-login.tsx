import { useEffect, useRef, useState } from 'react';
import { FormAlert } from '../../components/auth/fields';
import { useT } from '../../i18n';
import type { AuthContext } from '../../lib/auth/auth-context';
import { useAuthFlow } from '../../lib/auth/auth-flow';
import { useSubmit } from '../../lib/use-submit';

// The ceremony and @simplewebauthn/browser: a chunk of their own, loaded on first use (ADR 0009).
const loadPasskeyLogin = () => import('./passkey-login-actions');

/**
 * "Sign in with a passkey" and the browser's passkey autofill on the account field
 * (`autocomplete="username webauthn"`): the autofill's pending request (conditional mediation) starts
 * when the visitor first points at or focuses the page's form, so the library is not part of the page
 * load; choosing a passkey there logs in as the button does. A passkey counts as two factors.
 */
export function PasskeyLogin({ ctx }: { ctx: AuthContext }) {
  const t = useT('inverse');
  const flow = useAuthFlow();
  const [alert, setAlert] = useState<string | undefined>();
  // The autofill's request outlives renders: it reads the newest context when a passkey is chosen.
  const latest = useRef({ ctx, flow });
  useEffect(() => {
    latest.current = { ctx, flow };
  });

  useEffect(() => {
    if (typeof window.PublicKeyCredential !== 'function') return;
    let stopped = false;
    let started = false;
    const autofill = async () => {
      // Again after a refusal (an expired or spent challenge): the autofill keeps offering passkeys.
      for (let round = 0; round < 3 && !stopped; round++) {
        const login = await loadPasskeyLogin();
        const outcome = await login.passkeyLogin(latest.current.ctx, latest.current.flow, true);
        if (outcome.kind !== 'error' || stopped) return;
        setAlert(outcome.message ?? t('passkeys.login.failed'));
      }
    };
    const start = () => {
      started = true;
      document.removeEventListener('focusin', start);
      document.removeEventListener('pointerover', start);
      void autofill();
    };
    document.addEventListener('focusin', start);
    document.addEventListener('pointerover', start);
    return () => {
      stopped = true;
      // A pending autofill request ends with the page (only if its chunk ever loaded).
      if (started) void loadPasskeyLogin().then((login) => login.cancelPasskeyLogin());
      document.removeEventListener('focusin', start);
      document.removeEventListener('pointerover', start);
    };
  }, [t]);

  const { submit: signIn, busy } = useSubmit(async () => {
    setAlert(undefined);
    const login = await loadPasskeyLogin();
    const outcome = await login.passkeyLogin(ctx, flow, false);
    if (outcome.kind === 'error') setAlert(outcome.message ?? t('passkeys.login.failed'));
  });

  if (typeof window !== 'undefined' && typeof window.PublicKeyCredential !== 'function') return null;
  return (
    <>
      <FormAlert id="login-passkey-result">{alert}</FormAlert>
      <button type="button" className="gh-button" disabled={busy} onClick={() => void signIn()}>
        {t('passkeys.login.button')}
      </button>
    </>
  );
}
