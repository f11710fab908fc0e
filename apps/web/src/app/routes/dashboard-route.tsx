import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { AuthorizedAppsSection } from '../../features/oauth/authorized-apps-section';
import { TelegramBinding } from '../../features/telegram/telegram-binding';

/** `/dashboard`: the account overview with the sections other flows own (Telegram binding, authorized apps). */
export function DashboardRoute() {
  return (
    <DashboardPage
      sections={
        <>
          <TelegramBinding />
          <AuthorizedAppsSection />
        </>
      }
    />
  );
}
