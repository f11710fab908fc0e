import { PageIntro } from '../../app/page-intro';
import { useT } from '../../i18n';

/** Placeholder until the register flow is built: title and purpose only. */
export function RegisterPage() {
  const t = useT('inverse');
  return <PageIntro title={t('pages.register.title')} text={t('pages.register.intro')} />;
}
