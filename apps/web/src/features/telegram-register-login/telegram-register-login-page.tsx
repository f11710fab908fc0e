import { PageIntro } from '../../app/page-intro';
import { useT } from '../../i18n';

/** Placeholder until the telegram-register-login flow is built: title and purpose only. */
export function TelegramRegisterLoginPage() {
  const t = useT('inverse');
  return (
    <PageIntro
      title={t('pages.telegram-register-login.title')}
      text={t('pages.telegram-register-login.intro')}
    />
  );
}
