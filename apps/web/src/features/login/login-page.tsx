import { PageIntro } from '../../app/page-intro';
import { useT } from '../../i18n';

/** The login page; the login issue replaces this body with the form. Loaded eagerly: it is the entry page. */
export function LoginPage() {
  const t = useT('inverse');
  return <PageIntro title={t('pages.login.title')} text={t('pages.login.intro')} />;
}
