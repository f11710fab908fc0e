import { lazy, Suspense } from 'react';
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { AuthorizedAppsSection } from '../../features/oauth/authorized-apps-section';
import { TelegramBinding } from '../../features/telegram/telegram-binding';

// The two-factor section is a chunk of its own: the route's dependency list (which the shared chunk of
// every page carries) stays as it was, so the login page load does not grow (ADR 0009).
const TwoFactorSection = lazy(() =>
  import('../../features/two-factor/two-factor-section').then((m) => ({ default: m.TwoFactorSection })),
);
// Google and Apple sign-in (issue 16): its own chunk for the same reason.
const SocialBindingsSection = lazy(() =>
  import('../../features/social-login/social-bindings-section').then((m) => ({
    default: m.SocialBindingsSection,
  })),
);

/**
 * `/dashboard`: the account overview with the sections other flows own (two-factor authentication,
 * Telegram binding, authorized apps).
 */
export function DashboardRoute() {
  return (
    <DashboardPage
      sections={
        <>
          <Suspense>
            <TwoFactorSection />
          </Suspense>
          <TelegramBinding />
          <Suspense>
            <SocialBindingsSection />
          </Suspense>
          <AuthorizedAppsSection />
        </>
      }
    />
  );
}
