import { useState } from 'react';
import { useSearch } from 'wouter';
import { useT } from '../../i18n';
import { useAuthContext } from '../../lib/auth/auth-context';
import { useAuthFlow } from '../../lib/auth/auth-flow';
import { usePageLocation } from '../../lib/page-location';
import { useApiData } from '../../lib/use-api-data';

/** Query values that carry a one-time secret: they leave the address bar as soon as the page reads them. */
const SECRETS = ['unlock', 'tmp_token'];

/**
 * What a login link brings along — the unlock link and quick login's `tmp_token` (spec §4) — run
 * once per page view with the tokens the page opened with. Its own chunk, which loads the form's
 * actions when it runs (so the entry lists fewer chunks for it): few visitors arrive with a token,
 * so the login page does not carry this code (ADR 0009). Quick login's notice is shown here.
 */
export default function LoginArrival({
  unlockToken,
  tmpToken,
  onUnlocked,
}: {
  unlockToken: string | null;
  tmpToken: string | null;
  onUnlocked: (trusted: boolean) => void;
}) {
  const t = useT('inverse');
  const search = useSearch();
  const ctx = useAuthContext();
  const flow = useAuthFlow();
  // Spec §4: quick login is on when tmp_token is present on a login path (not on the forms other
  // pages embed).
  const quickToken = usePageLocation().route?.id === 'login' ? tmpToken : null;
  const [quick, setQuick] = useState<'pending' | 'invalid' | 'error' | null>(quickToken ? 'pending' : null);

  // Drop the tokens from the address bar, so they are neither bookmarked nor sent on as a referrer.
  const dropSecrets = () => {
    const rest = new URLSearchParams(search);
    for (const name of SECRETS) rest.delete(name);
    const kept = rest.toString();
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${kept ? `?${kept}` : ''}`,
    );
  };

  // The unlock link (docs/flows/login.md "Lockout"): trust this browser.
  useApiData(
    unlockToken,
    async () => {
      dropSecrets();
      const login = await import('./login-actions');
      return unlockToken ? login.unlockBrowser(unlockToken) : false;
    },
    { onData: onUnlocked },
  );

  // Quick login (docs/flows/quick-login.md): log in at once and go on as a login does (spec §2
  // redirect, `redirect_url` kept); a spent or expired token leaves the form with a notice.
  useApiData(
    quickToken,
    async () => {
      dropSecrets();
      const login = await import('./login-actions');
      // Switched off (feature_flags.quickLogin): the token is ignored and the form is the way in.
      if (!(await login.fetchFeatureFlags()).quickLogin) return 'off';
      const outcome = quickToken ? await login.quickLogin(quickToken) : 'invalid';
      if (outcome === 'done') await login.finish(ctx, flow);
      return outcome;
    },
    {
      onData: (outcome) => outcome !== 'done' && outcome !== 'off' && setQuick(outcome),
      onError: () => setQuick('error'),
    },
  );

  return quick ? (
    <p className="gh-notice" role="status">
      {t(`sessions.quickLogin.${quick}`)}
    </p>
  ) : null;
}
