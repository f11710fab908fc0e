import { useState } from 'react';
import { FormAlert } from '../../components/auth/fields';
import { useT } from '../../i18n';
import { useAuthContext } from '../../lib/auth/auth-context';
import { useBootstrap } from '../../lib/bootstrap-context';

/** The brand, never translated. */
const TELEGRAM = 'Telegram';

/**
 * The "Telegram" button of the login page's "Or continue with" group (issue 16), handed in by the
 * login route. Shown only while Telegram is on (page bootstrap `telegram`). Logged in, or the pending
 * bind for login-and-bind (`onPending(tg_pending_id)`).
 */
export function TelegramLoginButton({ onPending }: { onPending: (pendingId: string) => void }) {
  const t = useT('inverse');
  const ctx = useAuthContext();
  const { telegram, site, locale } = useBootstrap();
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | undefined>();
  if (!telegram) return null;

  const start = async () => {
    setBusy(true);
    setAlert(undefined);
    try {
      // Loaded on use: the redirect after login brings the API client, which the login page's first
      // load does without (npm run bench:web).
      const [{ telegramWebLogin }, { goAfterAuth }] = await Promise.all([
        import('./telegram-web-login'),
        import('../../lib/auth/use-after-auth'),
      ]);
      const outcome = await telegramWebLogin(telegram, site, locale.split('-')[0] ?? 'en');
      if (outcome.kind === 'done') goAfterAuth(ctx, { newUser: false });
      else if (outcome.kind === 'not-bound') onPending(outcome.pendingId);
      else if (outcome.kind === 'failed') setAlert(outcome.text ?? t('auth.errors.generic'));
    } catch {
      setAlert(t('auth.errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className="gh-button gh-social-button gh-social-telegram"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void start()}
      >
        {TELEGRAM}
      </button>
      <FormAlert id="telegram-login-result">{alert}</FormAlert>
    </>
  );
}
