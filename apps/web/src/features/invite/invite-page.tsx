import { PageIntro } from '../../components/page-intro';
import { useT } from '../../i18n';

/** Placeholder until the invite flow is built: title and purpose only. */
export function InvitePage() {
  const t = useT('inverse');
  return <PageIntro title={t('pages.invite.title')} text={t('pages.invite.intro')} />;
}
