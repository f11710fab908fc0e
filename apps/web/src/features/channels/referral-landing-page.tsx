import { Link, useSearch } from 'wouter';
import { PageIntro } from '../../components/page-intro';
import { useT } from '../../i18n';
import { useLocalePath } from '../../lib/page-location';
import { useApiData } from '../../lib/use-api-data';
import { fetchCodeInfo } from './channels-api';
import { SignupBonus } from './signup-bonus';

/**
 * `/friend-invite` and `/invite` (spec §2): the referral landing. Who invited (masked, from
 * `POST /s1/code/info`), the referral bonus of this site, and the way to sign-up keeping the query
 * (`ref` and every channel field travel on to the sign-up form's channel record).
 */
export function ReferralLandingPage({ page }: { page: 'friend-invite' | 'invite' }) {
  const t = useT('channels');
  const pages = useT('inverse');
  const search = useSearch();
  const to = useLocalePath();
  const code = new URLSearchParams(search).get('ref')?.trim() ?? '';
  const { data: info, loading } = useApiData(code ? `code-info:${code}` : null, () => fetchCodeInfo(code));
  const known = info !== undefined && info !== null && info.scene !== 0;
  let status: string | null = null;
  if (!code) status = t('referral.noCode');
  else if (!loading && info?.info.inviter) status = t('referral.invitedBy', { inviter: info.info.inviter });
  else if (!loading && info?.info.nickname) status = t('referral.invitedBy', { inviter: info.info.nickname });
  else if (!loading && !known) status = t('referral.unknownCode');
  return (
    <PageIntro title={pages(`pages.${page}.title`)} text={pages(`pages.${page}.intro`)}>
      {status && (
        <p role="status" data-testid="referral-status">
          {status}
        </p>
      )}
      <SignupBonus channel={code && (known || loading) ? 'referral' : 'normal'} />
      <Link className="gh-button" href={to(`/sign-up${search ? `?${search}` : ''}`)}>
        {t('referral.signUp')}
      </Link>
    </PageIntro>
  );
}

export function FriendInvitePage() {
  return <ReferralLandingPage page="friend-invite" />;
}

export function InvitePage() {
  return <ReferralLandingPage page="invite" />;
}
