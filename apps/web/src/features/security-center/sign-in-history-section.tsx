import { useI18n, useT } from '../../i18n';
import { useApiData } from '../../lib/use-api-data';
import { countryName, deviceName, formatWhen } from './describe-place';
import { fetchSignInHistory } from './security-center-api';
import '../../components/auth/auth.css';
import './security-center.css';

/**
 * The dashboard's "Sign-in history" (issue 17, docs/flows/sessions.md): the newest 50 attempts on
 * the account, with time, result, address, device and way in, as a table a screen reader can walk.
 */
export function SignInHistorySection() {
  const t = useT('inverse');
  const { language } = useI18n();
  const history = useApiData('security-history', () => fetchSignInHistory());
  const attempts = history.data;

  return (
    <section aria-labelledby="dashboard-history">
      <h2 id="dashboard-history">{t('securityCenter.history.title')}</h2>
      <p>{t('securityCenter.history.intro')}</p>
      {!attempts && history.error !== undefined && (
        <div role="alert">
          <p>{t('securityCenter.history.error')}</p>
          <button type="button" className="gh-button" onClick={history.reload}>
            {t('dashboard.retry')}
          </button>
        </div>
      )}
      {!attempts && history.error === undefined && <p role="status">{t('securityCenter.history.loading')}</p>}
      {attempts && attempts.length === 0 && <p>{t('securityCenter.history.empty')}</p>}
      {attempts && attempts.length > 0 && (
        <table className="gh-table" aria-labelledby="dashboard-history">
          <thead>
            <tr>
              <th scope="col">{t('securityCenter.history.time')}</th>
              <th scope="col">{t('securityCenter.history.result')}</th>
              <th scope="col">{t('securityCenter.history.address')}</th>
              <th scope="col">{t('securityCenter.history.device')}</th>
              <th scope="col">{t('securityCenter.history.method')}</th>
            </tr>
          </thead>
          <tbody>
            {attempts.map((attempt, i) => {
              const place = countryName(attempt.country, language);
              return (
                <tr key={`${attempt.at}-${i}`}>
                  <td>{formatWhen(attempt.at, language)}</td>
                  <td className={attempt.result === 'success' ? undefined : 'gh-table-warn'}>
                    {t(`securityCenter.result.${attempt.result}`)}
                  </td>
                  <td>
                    {attempt.ip ?? t('securityCenter.unknown')}
                    {place ? ` (${place})` : ''}
                  </td>
                  <td>{deviceName(t, attempt)}</td>
                  <td>{t(`securityCenter.method.${attempt.method}`)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
