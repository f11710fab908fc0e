import { PageIntro } from '../../app/page-intro';
import { useT } from '../../i18n';

/** Placeholder until the self-unblock flow is built: title and purpose only. */
export function SelfUnblockPage() {
  const t = useT('inverse');
  return <PageIntro title={t('pages.self-unblock.title')} text={t('pages.self-unblock.intro')} />;
}
