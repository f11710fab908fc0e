import type { BoundAccounts, Profile, UserInfo } from '@gatehouse/contract';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { PageIntro } from '../../app/page-intro';
import { useLocalePath } from '../../app/page-location';
import { useT } from '../../i18n';
import { failureOf } from '../auth-common/api-error';
import '../auth-common/auth.css';
import { AuthorizedAppsSection } from './authorized-apps-section';
import { fetchBoundAccounts, fetchProfile, fetchUserInfo, isKycVerified, logout } from './dashboard-api';
import { TelegramBinding } from './telegram-binding';

/** Not logged in, or the session expired (contract RetCode.SESSION_EXPIRED). */
const SESSION_EXPIRED = 10006;

type State =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; profile: Profile; info: UserInfo; bound: BoundAccounts };

/**
 * Where a successful login lands (/{lang}/dashboard): who is logged in (masked), KYC level, 2FA, the
 * accounts bound to it, and logout. Without a session it sends the visitor to login and back here.
 */
export function DashboardPage() {
  const t = useT('inverse');
  const to = useLocalePath();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [leaving, setLeaving] = useState(false);
  const newUser = new URLSearchParams(search).get('newUser') === 'true';

  useEffect(() => {
    let live = true;
    Promise.all([fetchProfile(), fetchUserInfo(), fetchBoundAccounts()])
      .then(([profile, info, bound]) => {
        if (!live) return;
        setState(profile && info && bound ? { status: 'ready', profile, info, bound } : { status: 'error' });
      })
      .catch((error: unknown) => {
        if (!live) return;
        if (failureOf(error).code === SESSION_EXPIRED) {
          const back = `${path}${search ? `?${search}` : ''}`;
          navigate(to(`/login?redirect_url=${encodeURIComponent(back)}`), { replace: true });
          return;
        }
        setState({ status: 'error' });
      });
    return () => {
      live = false;
    };
    // Loaded per visit and on "try again"; the path is this page's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  const onLogout = () => {
    setLeaving(true);
    void logout()
      .catch(() => {})
      .finally(() => navigate(to('/login')));
  };

  return (
    <PageIntro title={t('pages.dashboard.title')} text={t('pages.dashboard.intro')}>
      {newUser && (
        <p className="gh-notice" role="status">
          {t('dashboard.welcome')}
        </p>
      )}
      {state.status === 'loading' && <p role="status">{t('dashboard.loading')}</p>}
      {state.status === 'error' && (
        <div role="alert">
          <p>{t('dashboard.error')}</p>
          <button type="button" className="gh-button" onClick={() => setAttempt((n) => n + 1)}>
            {t('dashboard.retry')}
          </button>
        </div>
      )}
      {state.status === 'ready' && <Overview {...state} />}
      {state.status === 'ready' && <TelegramBinding />}
      {state.status === 'ready' && <AuthorizedAppsSection />}
      {state.status === 'ready' && (
        <p>
          <button type="button" className="gh-button" onClick={onLogout} disabled={leaving}>
            {t('dashboard.logout')}
          </button>
        </p>
      )}
    </PageIntro>
  );
}

function Overview({ profile, info, bound }: { profile: Profile; info: UserInfo; bound: BoundAccounts }) {
  const t = useT('inverse');
  const none = t('dashboard.notSet');
  const verified = isKycVerified(profile);
  return (
    <>
      <section aria-labelledby="dashboard-account">
        <h2 id="dashboard-account">{t('dashboard.account')}</h2>
        <dl className="gh-details">
          <dt>{t('dashboard.loginName')}</dt>
          <dd>{info.username}</dd>
          <dt>{t('dashboard.email')}</dt>
          <dd>{info.vague_email ?? none}</dd>
          <dt>{t('dashboard.mobile')}</dt>
          <dd>{info.vague_mobile ?? none}</dd>
          <dt>{t('dashboard.kyc')}</dt>
          <dd>
            {verified
              ? t('dashboard.kycVerified', { level: profile.kyc_person_level || profile.member_tag.KYC })
              : t('dashboard.kycNone')}
          </dd>
          <dt>{t('dashboard.twoFactor')}</dt>
          <dd>{t(info.has_google2fa ? 'dashboard.on' : 'dashboard.off')}</dd>
        </dl>
      </section>
      <section aria-labelledby="dashboard-bound">
        <h2 id="dashboard-bound">{t('dashboard.bound')}</h2>
        <ul className="gh-bound">
          {bound.accounts.map((account) => (
            <li key={account.kind}>
              <span>{t(`dashboard.kind.${account.kind}`)}</span>{' '}
              <span>
                {account.bound ? (account.display ?? t('dashboard.boundYes')) : t('dashboard.boundNo')}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
