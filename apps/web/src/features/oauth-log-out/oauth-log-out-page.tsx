import { PageIntro } from '../../app/page-intro';
import { useT } from '../../i18n';

/** Placeholder until the oauth-log-out flow is built: title and purpose only. */
export function OauthLogOutPage() {
  const t = useT('inverse');
  return <PageIntro title={t('pages.oauth-log-out.title')} text={t('pages.oauth-log-out.intro')} />;
}
