import { RetCode } from '@gatehouse/contract';
import type { BoundAccounts, Profile, UserInfo } from '@gatehouse/contract';
import type { ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { openModal } from '../../components/feedback/modal';
import { PageIntro } from '../../components/page-intro';
import { useLocalePath } from '../../lib/page-location';
import { useT } from '../../i18n';
import { failureOf } from '../../lib/api-error';
import { useApiData } from '../../lib/use-api-data';
import { useSubmit } from '../../lib/use-submit';
import { useFeatureFlags } from '../../lib/web-config/use-feature-flags';
import '../../components/auth/auth.css';
import {
  fetchBoundAccounts,
  fetchProfile,
  fetchUserInfo,
  isKycVerified,
  logout,
  logoutEverywhere,
} from './dashboard-api';

interface Account {
  profile: Profile;
  info: UserInfo;
  bound: BoundAccounts;
}

type State = { status: 'loading' } | { status: 'error' } | ({ status: 'ready' } & Account);

/**
 * Where a successful login lands (/{lang}/dashboard): who is logged in (masked), KYC level, the
 * accounts bound to it, and logout (2FA is the two-factor section's, which says it and changes it). Without a session it sends the visitor to login and back here.
 * `sections` are the parts other flows own (Telegram binding, authorized apps), composed by the app
 * (`app/routes/dashboard-route.tsx`) and shown once the account is loaded.
 */
export function DashboardPage({ sections }: { sections?: ReactNode }) {
  const t = useT('inverse');
  const to = useLocalePath();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const newUser = new URLSearchParams(search).get('newUser') === 'true';
  // A demo-account login lands here with demoAccount=true (lib/auth/choose-redirect.ts), unless the
  // operator switched demo-account login off.
  const demoFlag = useFeatureFlags().demoAccount;
  const demo = new URLSearchParams(search).get('demoAccount') === 'true' && demoFlag !== false;

  // Loaded per visit and on "try again"; without a session, off to the login and back here.
  const account = useApiData(
    'dashboard',
    async (): Promise<Account | null> => {
      const [profile, info, bound] = await Promise.all([
        fetchProfile(),
        fetchUserInfo(),
        fetchBoundAccounts(),
      ]);
      return profile && info && bound ? { profile, info, bound } : null;
    },
    {
      onError: (error) => {
        if (failureOf(error).code !== RetCode.SessionExpired) return;
        const back = `${path}${search ? `?${search}` : ''}`;
        navigate(to(`/login?redirect_url=${encodeURIComponent(back)}`), { replace: true });
      },
    },
  );
  // On the way to the login: still "loading", as the page never showed an error for that.
  const expired = account.error !== undefined && failureOf(account.error).code === RetCode.SessionExpired;
  const state: State = account.data
    ? { status: 'ready', ...account.data }
    : account.data === null || (account.error !== undefined && !expired)
      ? { status: 'error' }
      : { status: 'loading' };

  const { submit: onLogout, busy: leaving } = useSubmit(async () => {
    await logout().catch(() => {});
    navigate(to('/login'));
  });

  // Every session of the account, this one included: asked first, as it signs out other devices too.
  const { submit: onLogoutEverywhere, busy: leavingAll } = useSubmit(async () => {
    const answer = await openModal({
      title: t('sessions.logoutAll.title'),
      description: t('sessions.logoutAll.text'),
      confirmLabel: t('sessions.logoutAll.confirm'),
      cancelLabel: t('sessions.logoutAll.cancel'),
    });
    if (answer !== 'confirm') return;
    await logoutEverywhere().catch(() => {});
    navigate(to('/login'));
  });

  return (
    <PageIntro title={t('pages.dashboard.title')} text={t('pages.dashboard.intro')}>
      {newUser && (
        <p className="gh-notice" role="status">
          {t('dashboard.welcome')}
        </p>
      )}
      {demo && (
        <p className="gh-notice" role="status">
          {t('demoAccount.dashboardNotice')}
        </p>
      )}
      {state.status === 'loading' && <p role="status">{t('dashboard.loading')}</p>}
      {state.status === 'error' && (
        <div role="alert">
          <p>{t('dashboard.error')}</p>
          <button type="button" className="gh-button" onClick={account.reload}>
            {t('dashboard.retry')}
          </button>
        </div>
      )}
      {state.status === 'ready' && <Overview {...state} />}
      {state.status === 'ready' && sections}
      {state.status === 'ready' && (
        <p>
          <button type="button" className="gh-button" onClick={() => void onLogout()} disabled={leaving}>
            {t('dashboard.logout')}
          </button>{' '}
          <button
            type="button"
            className="gh-button"
            onClick={() => void onLogoutEverywhere()}
            disabled={leaving || leavingAll}
          >
            {t('sessions.logoutAll.button')}
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
