import { PageIntro } from '../../components/page-intro';
import { useT } from '../../i18n';

/** The /_app route: the wrapper the mobile app's webview opens. */
export function AppWrapperPage() {
  const t = useT('inverse');
  return <PageIntro title={t('pages.app.title')} text={t('pages.app.intro')} />;
}
