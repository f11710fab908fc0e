import type { SocialProvider } from '@gatehouse/contract';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { useT } from '../../i18n';
import { useBootstrap } from '../../lib/bootstrap-context';
import { PROVIDER_NAMES, RETURN_QUERY, type SocialPending } from './social-names';
import './social-login.css';

// Everything past the buttons loads on use: the login page-load budget (bench:web) stays as it was.
const SocialReturn = lazy(() => import('./social-return'));

/**
 * "Or continue with: Google / Apple" on the login and sign-up pages (issue 16), only for the providers the server
 * switched on for this site (page bootstrap `socialLogin`), and the return from the provider
 * (`third_ticket` or `third_error` in the address).
 */
export function SocialSignIn({
  from,
  pending,
  onPending,
  extra,
}: {
  from: 'login' | 'register';
  /** More buttons of the group, handed in by the route (the login page's Telegram button). */
  extra?: ReactNode;
  pending: SocialPending | null;
  onPending: (pending: SocialPending | null) => void;
}) {
  const t = useT('inverse');
  const search = useSearch();
  const { socialLogin } = useBootstrap();
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const [returning] = useState(() => {
    const query = new URLSearchParams(search);
    return query.has(RETURN_QUERY.TICKET) || query.has(RETURN_QUERY.ERROR);
  });
  const providers = socialLogin?.providers ?? [];
  if (!providers.length && !extra && !returning) return null;

  const start = (provider: SocialProvider) => {
    setBusy(provider);
    void import('./social-start')
      .then((m) => m.startSocialLogin(provider, from, search))
      .then((went) => {
        if (!went) setBusy(null);
      })
      .catch(() => setBusy(null));
  };

  return (
    <section className="gh-page gh-social" aria-label={t('social.bindingsTitle')}>
      {returning && (
        <Suspense>
          <SocialReturn from={from} onPending={onPending} />
        </Suspense>
      )}
      {pending && (
        <p className="gh-notice" role="status">
          {t(from === 'login' ? 'social.linkNotice' : 'social.createNotice', {
            provider: PROVIDER_NAMES[pending.provider],
          })}
        </p>
      )}
      {!pending && (
        <div role="group" aria-labelledby={`social-or-${from}`}>
          <p id={`social-or-${from}`}>{t('social.orContinueWith')}</p>
          <ul className="gh-social-buttons">
            {providers.map((provider) => (
              <li key={provider}>
                <button
                  type="button"
                  className={`gh-button gh-social-button gh-social-${provider}`}
                  disabled={busy !== null}
                  aria-busy={busy === provider}
                  onClick={() => start(provider)}
                >
                  {PROVIDER_NAMES[provider]}
                </button>
              </li>
            ))}
            {extra && <li>{extra}</li>}
          </ul>
        </div>
      )}
    </section>
  );
}
