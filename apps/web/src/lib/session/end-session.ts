import { safeRedirect, type SiteLanguages } from '@gatehouse/contract';
import { clearResponseCache } from '../../api/cache/response-cache';
import { insideTelegram } from '../../api/platform';
import { setUserToken } from '../../api/token-store';
import { parsePageLocation } from '../page-location';

/**
 * What a tab does when its session is over (a 10006 answer, or a logout in another tab): forget
 * what belonged to the account — the cached answers and a token held in memory — so the next user
 * of this browser never sees them.
 */
export async function forgetSession(): Promise<void> {
  setUserToken(undefined);
  await clearResponseCache();
}

/**
 * Where the page goes once its session is over: the login page of its locale with `redirect_url`
 * back to this page (spec §2, by the contract's safe-redirect rules, so never another origin nor a
 * sign-in page). Null when the page stays: a sign-in page (login, sign-up, OAuth) shows its own form,
 * and inside Telegram the Mini App handles its session itself.
 */
export function loginPathAfterSessionEnd(
  site: SiteLanguages,
  page: { path: string; search: string; origin: string },
): string | null {
  const { locale, route } = parsePageLocation(site, page.path);
  if (!route || route.auth || insideTelegram()) return null;
  const back = safeRedirect(`${page.path}${page.search ? `?${page.search}` : ''}`, {
    origin: page.origin,
    allowedDomains: [],
  });
  return `/${locale}/login${back === '/' ? '' : `?redirect_url=${encodeURIComponent(back)}`}`;
}
