import type { RouteId } from '@gatehouse/contract';
import { lazy, useState, type ComponentType } from 'react';
import { useLocation } from 'wouter';
import { LoginPage } from '../features/login/login-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { useBootstrap } from './bootstrap-context';
import { usePageLocation } from './page-location';

// Login is the entry page and ships in the entry chunk; every other page is its own chunk.
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

/**
 * One page per route id of the contract's route table, so the server (pre-render redirects, 404 status)
 * and the app always agree on which paths exist.
 */
export const PAGES: Readonly<Record<RouteId, ComponentType>> = {
  login: LoginPage,
  register: page(() => import('../features/register/register-page'), 'RegisterPage'),
  oauth: page(() => import('../features/oauth/oauth-page'), 'OauthPage'),
  'oauth-authorized': page(
    () => import('../features/oauth-authorized/oauth-authorized-page'),
    'OauthAuthorizedPage',
  ),
  'oauth-log-out': page(() => import('../features/oauth-log-out/oauth-log-out-page'), 'OauthLogOutPage'),
  'channel-register': page(
    () => import('../features/channel-register/channel-register-page'),
    'ChannelRegisterPage',
  ),
  'friend-invite': page(() => import('../features/friend-invite/friend-invite-page'), 'FriendInvitePage'),
  invite: page(() => import('../features/invite/invite-page'), 'InvitePage'),
  'telegram-register-login': page(
    () => import('../features/telegram-register-login/telegram-register-login-page'),
    'TelegramRegisterLoginPage',
  ),
  'email-code-verify': page(
    () => import('../features/email-code-verify/email-code-verify-page'),
    'EmailCodeVerifyPage',
  ),
  'exclusive-benefits': page(
    () => import('../features/exclusive-benefits/exclusive-benefits-page'),
    'ExclusiveBenefitsPage',
  ),
  'self-unblock': page(() => import('../features/self-unblock/self-unblock-page'), 'SelfUnblockPage'),
  app: page(() => import('../features/app-wrapper/app-wrapper-page'), 'AppWrapperPage'),
  dashboard: page(() => import('../features/dashboard/dashboard-page'), 'DashboardPage'),
  'forgot-password': page(
    () => import('../features/forgot-password/forgot-password-page'),
    'ForgotPasswordPage',
  ),
  'kyc-personal': page(() => import('../features/kyc-personal/kyc-personal-page'), 'KycPersonalPage'),
  'tg-app-home': page(() => import('../features/telegram-register-login/tg-app-home-page'), 'TgAppHomePage'),
  'min-app-task': page(
    () => import('../features/telegram-register-login/min-app-task-page'),
    'MinAppTaskPage',
  ),
};

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
