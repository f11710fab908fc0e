import { PageIntro } from '../../app/page-intro';
import { useT } from '../../i18n';

/** Placeholder until the oauth flow is built: title and purpose only. */
export function OauthPage() {
  const t = useT('inverse');
  return <PageIntro title={t('pages.oauth.title')} text={t('pages.oauth.intro')} />;
}
