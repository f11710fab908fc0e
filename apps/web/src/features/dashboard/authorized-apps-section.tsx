import type { OAuthAuthorizedApps } from '@gatehouse/contract';
import { useEffect, useState } from 'react';
import { openModal } from '../../app/feedback/modal';
import { toast } from '../../app/feedback/toast';
import { useI18n, useT } from '../../i18n';
import { fetchAuthorizedApps, revokeApp } from '../oauth/oauth-api';
import { AppLogo, describeFailure } from '../oauth/oauth-parts';

type App = OAuthAuthorizedApps['apps'][number];

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; apps: App[] };

/** A date in the page language; an unusual locale tag falls back to the browser's. */
function formatDate(epochMs: number, language: string): string {
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(epochMs);
  } catch {
    return new Date(epochMs).toLocaleDateString();
  }
}

/**
 * The dashboard's "Authorized apps" (issue 6): the third-party apps the user let in, what each may
 * do in plain words and since when, with a Revoke button each (confirmed in a dialog). Revoking
 * forgets the consent and ends every token of that app at once.
 */
export function AuthorizedAppsSection() {
  const t = useT('inverse');
  const { language } = useI18n();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [revoking, setRevoking] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetchAuthorizedApps()
      .then((apps) => {
        if (live) setState({ status: 'ready', apps });
      })
      .catch(() => {
        if (live) setState({ status: 'error' });
      });
    return () => {
      live = false;
    };
  }, [attempt]);

  const onRevoke = async (app: App) => {
    const answer = await openModal({
      title: t('dashboard.apps.confirmTitle', { app: app.name }),
      description: t('dashboard.apps.confirmText', { app: app.name }),
      confirmLabel: t('dashboard.apps.revoke'),
      cancelLabel: t('dashboard.apps.cancel'),
    });
    if (answer !== 'confirm') return;
    setRevoking(app.client_id);
    try {
      await revokeApp(app.client_id);
      toast(t('dashboard.apps.revoked', { app: app.name }), { kind: 'success' });
      setAttempt((n) => n + 1);
    } catch (error) {
      toast((await describeFailure(error, t('dashboard.apps.revokeFailed'))).message, { kind: 'error' });
    } finally {
      setRevoking(null);
    }
  };

  return (
    <section aria-labelledby="dashboard-apps">
      <h2 id="dashboard-apps">{t('dashboard.apps.title')}</h2>
      {state.status === 'loading' && <p role="status">{t('dashboard.apps.loading')}</p>}
      {state.status === 'error' && (
        <div role="alert">
          <p>{t('dashboard.apps.error')}</p>
          <button type="button" className="gh-button" onClick={() => setAttempt((n) => n + 1)}>
            {t('dashboard.retry')}
          </button>
        </div>
      )}
      {state.status === 'ready' && state.apps.length === 0 && <p>{t('dashboard.apps.none')}</p>}
      {state.status === 'ready' && state.apps.length > 0 && (
        <ul className="gh-oauth-apps">
          {state.apps.map((app) => {
            const nameId = `dashboard-app-${app.client_id.replace(/[^\w-]/g, '_')}`;
            return (
              <li key={app.client_id}>
                <AppLogo client={app} size="small" />
                <h3 id={nameId}>{app.name}</h3>
                <p className="gh-hint">
                  {t('dashboard.apps.granted', { date: formatDate(app.granted_at, language) })}
                </p>
                <ul className="gh-oauth-scopes" aria-label={t('dashboard.apps.scopes')}>
                  {app.scopes.map((scope) => (
                    <li key={scope.name}>{t(scope.text_key)}</li>
                  ))}
                </ul>
                <button
                  type="button"
                  className="gh-button gh-oauth-revoke"
                  aria-describedby={nameId}
                  disabled={revoking !== null}
                  onClick={() => void onRevoke(app)}
                >
                  {t('dashboard.apps.revoke')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
