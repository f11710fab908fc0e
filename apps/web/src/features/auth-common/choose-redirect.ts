import { safeRedirect, type SiteId } from '@gatehouse/contract';

/** Spec §2: where an EU new user goes (the exchange's personal KYC page; a small page here). */
export const EU_NEW_USER_PATH = '/user/accounts/auth/personal';

export interface RedirectInput {
  site: SiteId;
  /** The page locale (URL prefix), e.g. `en`, `en-EU`. */
  locale: string;
  /** The account was created by this flow. */
  newUser: boolean;
  /** A phone or tablet browser (contract `isMobileUserAgent`). */
  mobile: boolean;
  /** The browser may be sent to the download page: not our app's webview, not inside Telegram. */
  downloadAllowed: boolean;
  /** Inside the Telegram mini app. */
  insideTelegram?: boolean;
  /** The `source` query value (`task` for the Telegram task flow). */
  source?: string | null;
  /** The `redirect_url` query value as given. */
  redirectUrl?: string | null;
  /** The page origin and the brand domains a redirect may target (contract `safeRedirect`). */
  origin: string;
  brandDomains: readonly string[];
}

/**
 * Where to go after a successful login or sign-up, spec §2 "Redirects after success", in this order:
 * 1. Telegram task source: the (safe) redirect_url or `/{lang}/min-app/task`;
 * 2. inside Telegram: `/{lang}/tg-app/app/home/`;
 * 3. EU site, new user: the personal KYC page (identity comes before anything else on a regulated site,
 *    so it wins over a redirect_url);
 * 4. a redirect_url when given: through `safeRedirect`, so a hostile or invalid one becomes `/`;
 * 5. mobile where downloads are allowed: `/{lang}/download`, else `/{lang}/dashboard`;
 *    both get `?newUser=true` for a new user (a redirect_url is left as the caller wrote it).
 */
export function chooseRedirect(input: RedirectInput): string {
  const { locale, newUser, redirectUrl } = input;
  const ctx = { origin: input.origin, allowedDomains: input.brandDomains };
  const given = typeof redirectUrl === 'string' && redirectUrl !== '';
  if (input.insideTelegram && input.source === 'task') {
    return given ? safeRedirect(redirectUrl, ctx) : `/${locale}/min-app/task`;
  }
  if (input.insideTelegram) return `/${locale}/tg-app/app/home/`;
  if (input.site === 'EU' && newUser) return EU_NEW_USER_PATH;
  if (given) return safeRedirect(redirectUrl, ctx);
  const landing = input.mobile && input.downloadAllowed ? 'download' : 'dashboard';
  return `/${locale}/${landing}${newUser ? '?newUser=true' : ''}`;
}
