import { matchRoute, splitLocalePrefix, type RouteId } from '@gatehouse/contract';

/**
 * Telegram Web (web.telegram.org) shows a Mini App inside an iframe; Telegram's mobile and desktop
 * apps use a webview and need nothing. So the Mini App's pages, and only those, may be framed by
 * Telegram Web; every other page keeps `frame-ancestors 'none'` against clickjacking.
 */
export const TELEGRAM_WEB_ORIGIN = 'https://web.telegram.org';

const MINI_APP_ROUTES: ReadonlySet<RouteId> = new Set<RouteId>([
  'telegram-register-login',
  'tg-app-home',
  'min-app-task',
]);

/** Whether the request path is a page of the Telegram Mini App (with or without locale prefix). */
export function isMiniAppPage(url: string | undefined): boolean {
  const pathname = (url ?? '/').split(/[?#]/, 1)[0] ?? '/';
  const route = matchRoute(splitLocalePrefix(pathname).rest);
  return route !== null && MINI_APP_ROUTES.has(route.id);
}

/** The CSP frame-ancestors source list for a request; Telegram Web only while Telegram is on. */
export function frameAncestorsFor(url: string | undefined, telegramOn: boolean): string {
  return telegramOn && isMiniAppPage(url) ? TELEGRAM_WEB_ORIGIN : "'none'";
}
