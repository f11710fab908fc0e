import type { PageKind } from '../locale/visible-languages.js';

/**
 * Pages Gatehouse serves (§2 "Recognised paths"), plus `dashboard`, the post-login landing,
 * `forgot-password` (issue 4: reset by code) and `kyc-personal`, the EU new user's landing of §2
 * (`/user/accounts/auth/personal`: the exchange's KYC page; here a page that says it is the next step),
 * and the two landings of §2 inside the Telegram Mini App: `tg-app-home` (`/tg-app/app/home/`) and
 * `min-app-task` (`/min-app/task`, the task source's default). The exchange's Mini App pages live there;
 * here small pages keep the Mini App session, so a login inside Telegram lands on a real page.
 */
export type RouteId =
  | 'login'
  | 'register'
  | 'oauth'
  | 'oauth-authorized'
  | 'oauth-log-out'
  | 'channel-register'
  | 'friend-invite'
  | 'invite'
  | 'telegram-register-login'
  | 'email-code-verify'
  | 'exclusive-benefits'
  | 'self-unblock'
  | 'app'
  | 'dashboard'
  | 'forgot-password'
  | 'kyc-personal'
  | 'tg-app-home'
  | 'min-app-task'
  | 'download'
  | 'qr-confirm';

export interface ShellFlags {
  /** The common header. */
  header: boolean;
  /** The copyright footer. */
  footer: boolean;
  /** The page follows the (optionally dark) login-register theme. */
  authTheme: boolean;
}

export interface RouteInfo {
  /** Language rules of the page (§2: the sign-up page hides some languages). */
  page: PageKind;
  shell: ShellFlags;
  /** A login, sign-up or OAuth page: redirects after success never land here (§2). */
  auth: boolean;
}

export interface RouteDef extends RouteInfo {
  id: RouteId;
  /** The recognised path as listed, without locale prefix or trailing slash, e.g. `/tr-login`. */
  path: string;
}

/** Spec §2: where an EU new user goes (the exchange's personal KYC page; a small page here). */
export const EU_NEW_USER_PATH = '/user/accounts/auth/personal';

/** Every recognised path (language prefix stripped) and its page. */

export const ROUTE_PATHS: Readonly<Record<string, RouteId>> = {
  '/login': 'login',
  '/tr-login': 'login',
  '/register': 'register',
  '/sign-up': 'register',
  '/tr-register': 'register',
  '/oauth': 'oauth',
  '/oauth-login': 'oauth',
  '/oauth-register': 'oauth',
  '/oauth-authorized': 'oauth-authorized',
  '/authorized': 'oauth-authorized',
  '/tr-authorized': 'oauth-authorized',
  '/oauth-log-out': 'oauth-log-out',
  '/web2': 'channel-register',
  '/channel-register': 'channel-register',
  '/friend-invite': 'friend-invite',
  '/invite': 'invite',
  '/telegram-register-login': 'telegram-register-login',
  '/email-code-verify': 'email-code-verify',
  '/exclusive-benefits': 'exclusive-benefits',
  '/self-unblock': 'self-unblock',
  '/_app': 'app',
  '/dashboard': 'dashboard',
  '/forgot-password': 'forgot-password',
  [EU_NEW_USER_PATH]: 'kyc-personal',
  '/tg-app/app/home': 'tg-app-home',
  '/min-app/task': 'min-app-task',
  // Spec §2: where a mobile browser goes after login when downloads are allowed.
  '/download': 'download',
  // QR-code login: the page a QR code of the login page opens on a logged-in phone (issue 15).
  '/qr-confirm': 'qr-confirm',
};

/*
 * Shell decisions (§2 "Page shell"):
 * - header hidden on the sign-up pages (register, channel, referral and invite landings), on OAuth
 *   log-out, and on the OAuth entry pages: a third-party app's user must not be offered navigation
 *   away from the consent flow. The authorization result page keeps it (the flow is over).
 *   Telegram mini-app and app-wrapper pages run inside another app's chrome, so no header either.
 * - copyright footer on the login and register forms (including channel sign-up and OAuth entry,
 *   which render the same forms).
 * - the auth theme covers every page that renders the login or register form.
 */
export const ROUTE_INFO: Readonly<Record<RouteId, RouteInfo>> = {
  login: { page: 'other', auth: true, shell: { header: true, footer: true, authTheme: true } },
  register: { page: 'signup', auth: true, shell: { header: false, footer: true, authTheme: true } },
  oauth: { page: 'other', auth: true, shell: { header: false, footer: true, authTheme: true } },
  'oauth-authorized': { page: 'other', auth: true, shell: { header: true, footer: false, authTheme: false } },
  'oauth-log-out': { page: 'other', auth: true, shell: { header: false, footer: false, authTheme: false } },
  'channel-register': { page: 'signup', auth: true, shell: { header: false, footer: true, authTheme: true } },
  'friend-invite': { page: 'signup', auth: true, shell: { header: false, footer: false, authTheme: true } },
  invite: { page: 'signup', auth: true, shell: { header: false, footer: false, authTheme: true } },
  'telegram-register-login': {
    page: 'other',
    auth: true,
    shell: { header: false, footer: false, authTheme: true },
  },
  'email-code-verify': { page: 'other', auth: true, shell: { header: true, footer: false, authTheme: true } },
  'exclusive-benefits': {
    page: 'other',
    auth: false,
    shell: { header: true, footer: false, authTheme: false },
  },
  'self-unblock': { page: 'other', auth: false, shell: { header: true, footer: false, authTheme: false } },
  app: { page: 'other', auth: false, shell: { header: false, footer: false, authTheme: false } },
  dashboard: { page: 'other', auth: false, shell: { header: true, footer: false, authTheme: false } },
  // A login-side form (never a redirect target), shown like the login page.
  'forgot-password': { page: 'other', auth: true, shell: { header: true, footer: true, authTheme: true } },
  'kyc-personal': { page: 'other', auth: false, shell: { header: true, footer: false, authTheme: false } },
  // Inside Telegram's chrome, like the Mini App login: no header or footer.
  'tg-app-home': { page: 'other', auth: false, shell: { header: false, footer: false, authTheme: true } },
  'min-app-task': { page: 'other', auth: false, shell: { header: false, footer: false, authTheme: true } },
  download: { page: 'other', auth: false, shell: { header: true, footer: false, authTheme: false } },
  // Not an auth page: the login it asks an anonymous visitor for comes back here (redirect_url).
  'qr-confirm': { page: 'other', auth: false, shell: { header: true, footer: false, authTheme: false } },
};

/**
 * Data a page needs for its first render that does not depend on the visitor, which the server therefore
 * inlines in that page's bootstrap instead of the page calling for it after its code has loaded (issue
 * 12). `residence-countries`: the sign-up form's country of residence list (`PageBootstrap.countries`).
 */
export type StartData = 'residence-countries';

export const ROUTE_START_DATA: Readonly<Partial<Record<RouteId, readonly StartData[]>>> = {
  register: ['residence-countries'],
};

/** Whether the page of `routeId` gets `data` inlined; false for no route (a 404). */
export function routeNeedsStartData(routeId: RouteId | null, data: StartData): boolean {
  return routeId !== null && (ROUTE_START_DATA[routeId]?.includes(data) ?? false);
}

/** The page for a path without locale prefix; one trailing slash is tolerated. Paths are case-sensitive. */
export function matchRoute(pathWithoutPrefix: string): RouteDef | null {
  const path =
    pathWithoutPrefix.length > 1 && pathWithoutPrefix.endsWith('/')
      ? pathWithoutPrefix.slice(0, -1)
      : pathWithoutPrefix;
  if (!Object.prototype.hasOwnProperty.call(ROUTE_PATHS, path)) return null;
  const id = ROUTE_PATHS[path];
  if (id === undefined) return null;
  return { id, path, ...ROUTE_INFO[id] };
}

export function pageKind(routeId: RouteId): PageKind {
  return ROUTE_INFO[routeId].page;
}
