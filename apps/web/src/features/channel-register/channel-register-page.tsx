import { PageIntro } from '../../components/page-intro';
import { useT } from '../../i18n';

/** Placeholder until the channel-register flow is built: title and purpose only. */
export function ChannelRegisterPage() {
  const t = useT('inverse');
  return <PageIntro title={t('pages.channel-register.title')} text={t('pages.channel-register.intro')} />;
}
