import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { AuthorizedAppsSection } from '../../features/oauth/authorized-apps-section';
import { TelegramBinding } from '../../features/telegram/telegram-binding';
import { TwoFactorSection } from '../../features/two-factor/two-factor-section';

/**
 * `/dashboard`: the account overview with the sections other flows own (two-factor authentication,
 * Telegram binding, authorized apps).
 */
export function DashboardRoute() {
  return (
    <DashboardPage
      sections={
        <>
          <TwoFactorSection />
          <TelegramBinding />
          <AuthorizedAppsSection />
        </>
      }
    />
  );
}
