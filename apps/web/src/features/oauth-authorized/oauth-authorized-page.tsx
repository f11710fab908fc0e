import { PageIntro } from '../../app/page-intro';
import { useT } from '../../i18n';

/** Placeholder until the oauth-authorized flow is built: title and purpose only. */
export function OauthAuthorizedPage() {
  const t = useT('inverse');
  return <PageIntro title={t('pages.oauth-authorized.title')} text={t('pages.oauth-authorized.intro')} />;
}
