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

// "Invite friends" (issue 14) likewise: its chunk brings the QR encoder when the section shows.
const InviteFriendsSection = lazy(() =>
  import('../../features/channels/invite-friends-section').then((m) => ({ default: m.InviteFriendsSection })),
);

// Passkeys likewise: the section and @simplewebauthn/browser load only on the account page.
const PasskeysSection = lazy(() =>
  import('../../features/passkeys/passkeys-section').then((m) => ({ default: m.PasskeysSection })),
);

// Sessions, sign-in history and the other account-security sections: one chunk of their own too.
const SecurityCenterSections = lazy(() =>
  import('../../features/security-center/security-center-sections').then((m) => ({
    default: m.SecurityCenterSections,
  })),
);

/**
 * `/dashboard`: the account overview with the sections other flows own (two-factor authentication,
 * passkeys, sessions and sign-in history, Telegram binding, authorized apps, invite friends).
 */
export function DashboardRoute() {
  return (
    <DashboardPage
      sections={
        <>
          <Suspense>
            <TwoFactorSection />
          </Suspense>
          <Suspense>
            <PasskeysSection />
          </Suspense>
          <Suspense>
            <SecurityCenterSections />
          </Suspense>
          <TelegramBinding />
          <Suspense>
            <SocialBindingsSection />
          </Suspense>
          <AuthorizedAppsSection />
          <Suspense>
            <InviteFriendsSection />
          </Suspense>
        </>
      }
    />
  );
}
