import type { OAuthAuthorizedApps } from '@gatehouse/contract';
import { openModal } from '../../components/feedback/modal';
import { toast } from '../../components/feedback/toast';
import { useI18n, useT } from '../../i18n';
import { useApiData } from '../../lib/use-api-data';
import { useSubmit } from '../../lib/use-submit';
import { fetchAuthorizedApps, revokeApp } from './oauth-account-api';
import { AppLogo, describeFailure } from './oauth-parts';
import './authorized-apps.css';

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
  const list = useApiData('authorized-apps', () => fetchAuthorizedApps());
  // The last answer stays up while the list loads again (after a revoke, or "try again").
  const state: State = list.data
    ? { status: 'ready', apps: list.data }
    : list.error !== undefined
      ? { status: 'error' }
      : { status: 'loading' };

  const { submit: revoke, busy: revoking } = useSubmit(async (app: App) => {
    try {
      await revokeApp(app.client_id);
      toast(t('dashboard.apps.revoked', { app: app.name }), { kind: 'success' });
      list.reload();
    } catch (error) {
      toast((await describeFailure(error, t('dashboard.apps.revokeFailed'))).message, { kind: 'error' });
    }
  });

  const onRevoke = async (app: App) => {
    const answer = await openModal({
      title: t('dashboard.apps.confirmTitle', { app: app.name }),
      description: t('dashboard.apps.confirmText', { app: app.name }),
      confirmLabel: t('dashboard.apps.revoke'),
      cancelLabel: t('dashboard.apps.cancel'),
    });
    if (answer === 'confirm') await revoke(app);
  };

  return (
    <section aria-labelledby="dashboard-apps">
      <h2 id="dashboard-apps">{t('dashboard.apps.title')}</h2>
      {state.status === 'loading' && <p role="status">{t('dashboard.apps.loading')}</p>}
      {state.status === 'error' && (
        <div role="alert">
          <p>{t('dashboard.apps.error')}</p>
          <button type="button" className="gh-button" onClick={list.reload}>
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
                  disabled={revoking}
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
