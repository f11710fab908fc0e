import type { RouteId } from '@gatehouse/contract';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { useBootstrap } from '../lib/bootstrap-context';
import { usePageLocation } from '../lib/page-location';
import { lazyPage, type LazyPage } from './lazy-page';

// Every page but the 404 is its own chunk, which the server's HTML names for the page's route (the web
// build reads this table: vite/route-assets-plugin.ts), so a page's code downloads beside the entry. A page
// that embeds parts of other features (OAuth and Telegram embed the login and sign-up forms, the dashboard
// shows the Telegram and OAuth sections) is composed in routes/, since features never import each other.
const page = lazyPage;

/**
 * One page per route id of the contract's route table, so the server (pre-render redirects, 404 status)
 * and the app always agree on which paths exist.
 */
export const PAGES: Readonly<Record<RouteId, LazyPage>> = {
  // Composed with "Continue with Google / Apple" (features/social-login, issue 16).
  login: page(() => import('./routes/login-route'), 'LoginRoute'),
  register: page(() => import('./routes/register-route'), 'RegisterRoute'),
  oauth: page(() => import('./routes/oauth-route'), 'OauthRoute'),
  'oauth-authorized': page(() => import('../features/oauth/oauth-authorized-page'), 'OauthAuthorizedPage'),
  'oauth-log-out': page(() => import('../features/oauth/oauth-log-out-page'), 'OauthLogOutPage'),
  'channel-register': page(() => import('./routes/register-route'), 'RegisterRoute'),
  'friend-invite': page(() => import('../features/channels/referral-landing-page'), 'FriendInvitePage'),
  invite: page(() => import('../features/channels/referral-landing-page'), 'InvitePage'),
  'telegram-register-login': page(
    () => import('./routes/telegram-register-login-route'),
    'TelegramRegisterLoginRoute',
  ),
  'email-code-verify': page(
    () => import('../features/register/email-code-verify-page'),
    'EmailCodeVerifyPage',
  ),
  'exclusive-benefits': page(
    () => import('../features/channels/exclusive-benefits-page'),
    'ExclusiveBenefitsPage',
  ),
  'self-unblock': page(() => import('../features/self-unblock/self-unblock-page'), 'SelfUnblockPage'),
  app: page(() => import('../features/app-wrapper/app-wrapper-page'), 'AppWrapperPage'),
  dashboard: page(() => import('./routes/dashboard-route'), 'DashboardRoute'),
  'forgot-password': page(
    () => import('../features/forgot-password/forgot-password-page'),
    'ForgotPasswordPage',
  ),
  'kyc-personal': page(() => import('../features/kyc-personal/kyc-personal-page'), 'KycPersonalPage'),
  'tg-app-home': page(() => import('../features/telegram/tg-app-home-page'), 'TgAppHomePage'),
  'min-app-task': page(() => import('../features/telegram/min-app-task-page'), 'MinAppTaskPage'),
  download: page(() => import('../features/download/download-page'), 'DownloadPage'),
  'qr-confirm': page(() => import('../features/qr-confirm/qr-confirm-page'), 'QrConfirmPage'),
};

/** Starts loading the page of `routeId` (main.tsx, before the first render). */
export function preloadPage(routeId: RouteId): void {
  void PAGES[routeId].preload();
}

/** Renders the page for the current URL. Wouter supplies location and navigation; the contract the table. */
export function AppRoutes() {
  const [path] = useLocation();
  const { route } = usePageLocation();
  const { notFound } = useBootstrap();
  // The server's 404 flag describes the URL it served; after an in-app navigation the table decides.
  const [serverNotFoundPath] = useState(() => (notFound ? path : null));
  if (!route || path === serverNotFoundPath) return <NotFoundPage />;
  const Page = PAGES[route.id];
  return <Page />;
}
