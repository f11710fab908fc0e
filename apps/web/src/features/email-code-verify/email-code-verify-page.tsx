import { PageIntro } from '../../app/page-intro';
import { useT } from '../../i18n';

/** Placeholder until the email-code-verify flow is built: title and purpose only. */
export function EmailCodeVerifyPage() {
  const t = useT('inverse');
  return <PageIntro title={t('pages.email-code-verify.title')} text={t('pages.email-code-verify.intro')} />;
}
