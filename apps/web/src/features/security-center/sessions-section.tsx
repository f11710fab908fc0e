import type { ActiveSession } from '@gatehouse/contract';
import { toast } from '../../components/feedback/toast';
import { useI18n, useT } from '../../i18n';
import { useApiData } from '../../lib/use-api-data';
import { useSubmit } from '../../lib/use-submit';
import { countryName, deviceName, formatWhen, siteName } from './describe-place';
import { fetchSessions, signOutOthers, signOutSession } from './security-center-api';
import '../../components/auth/auth.css';
import './security-center.css';

/**
 * The dashboard's "Active sessions" (issue 17, docs/flows/sessions.md): every live session of the
 * account with its device, browser, country, site and last use; sign one out, or all but this one.
 * A signed-out session learns it on its very next call (10006). A new `generation` loads it again.
 */
export function SessionsSection({ generation = 0 }: { generation?: number }) {
  const t = useT('inverse');
  const { language } = useI18n();
  const sessions = useApiData(`security-sessions-${generation}`, () => fetchSessions());
  const { submit: endOne, busy: endingOne } = useSubmit(async (session: ActiveSession) => {
    if (await signOutSession(session.session_id))
      toast(t('securityCenter.sessions.revoked'), { kind: 'success' });
    sessions.reload();
  });
  const { submit: endOthers, busy: endingOthers } = useSubmit(async () => {
    const count = await signOutOthers();
    if (count !== null) toast(t('securityCenter.sessions.revokedOthers', { count }), { kind: 'success' });
    sessions.reload();
  });
  const busy = endingOne || endingOthers;
  const list = sessions.data;

  return (
    <section aria-labelledby="dashboard-sessions">
      <h2 id="dashboard-sessions">{t('securityCenter.sessions.title')}</h2>
      <p>{t('securityCenter.sessions.intro')}</p>
      {!list && sessions.error !== undefined && (
        <div role="alert">
          <p>{t('securityCenter.sessions.error')}</p>
          <button type="button" className="gh-button" onClick={sessions.reload}>
            {t('dashboard.retry')}
          </button>
        </div>
      )}
      {!list && sessions.error === undefined && <p role="status">{t('securityCenter.sessions.loading')}</p>}
      {list && (
        <>
          <ul className="gh-sessions">
            {list.map((session) => {
              const name = deviceName(t, session);
              return (
                <li key={session.session_id}>
                  <p className="gh-sessions-name">
                    <strong>{name}</strong>
                    {session.current && (
                      <span className="gh-badge"> {t('securityCenter.sessions.current')}</span>
                    )}
                  </p>
                  <dl className="gh-details">
                    <dt>{t('securityCenter.sessions.location')}</dt>
                    <dd>{countryName(session.country, language) ?? t('securityCenter.unknown')}</dd>
                    <dt>{t('securityCenter.sessions.site')}</dt>
                    <dd>{siteName(t, session.site, language)}</dd>
                    <dt>{t('securityCenter.sessions.lastSeen')}</dt>
                    <dd>{formatWhen(session.last_seen_at, language)}</dd>
                    <dt>{t('securityCenter.sessions.signedIn')}</dt>
                    <dd>{formatWhen(session.created_at, language)}</dd>
                  </dl>
                  {!session.current && (
                    <button
                      type="button"
                      className="gh-button"
                      aria-label={t('securityCenter.sessions.revokeNamed', { device: name })}
                      disabled={busy}
                      onClick={() => void endOne(session)}
                    >
                      {t('securityCenter.sessions.revoke')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          {list.some((s) => !s.current) ? (
            <button type="button" className="gh-button" disabled={busy} onClick={() => void endOthers()}>
              {t('securityCenter.sessions.revokeOthers')}
            </button>
          ) : (
            <p>{t('securityCenter.sessions.noOthers')}</p>
          )}
        </>
      )}
    </section>
  );
}
