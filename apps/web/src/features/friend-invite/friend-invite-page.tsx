import { PageIntro } from '../../components/page-intro';
import { useT } from '../../i18n';

/** Placeholder until the friend-invite flow is built: title and purpose only. */
export function FriendInvitePage() {
  const t = useT('inverse');
  return <PageIntro title={t('pages.friend-invite.title')} text={t('pages.friend-invite.intro')} />;
}
