import { EU_NEW_USER_PATH, safeRedirect, type SiteId } from '@gatehouse/contract';

export { EU_NEW_USER_PATH };

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
  /** The `campaign` query value: the Mini App task page's campaign (docs/telegram.md "Mini App tasks"). */
  campaign?: string | null;
  /** A demo-account login (spec §1) switched to the demo account: the landing says so. */
  demoAccount?: boolean;
  /** The `redirect_url` query value as given. */
  redirectUrl?: string | null;
  /** The page origin and the brand domains a redirect may target (contract `safeRedirect`). */
  origin: string;
  brandDomains: readonly string[];
}

/**
 * Where to go after a successful login or sign-up, spec §2 "Redirects after success", in this order:
 * 1. Telegram task source: the (safe) redirect_url or `/{lang}/min-app/task` (with `?campaign=` when
 *    given: the task page's campaign);
 * 2. inside Telegram: `/{lang}/tg-app/app/home/`;
 * 3. EU site, new user: the personal KYC page (identity comes before anything else on a regulated site,
 *    so it wins over a redirect_url);
 * 4. a redirect_url when given: through `safeRedirect`, so a hostile or invalid one becomes `/`;
 * 5. mobile where downloads are allowed: `/{lang}/download`, else `/{lang}/dashboard`;
 *    both get `?newUser=true` for a new user, and the dashboard `demoAccount=true` after a demo-account
 *    login (a redirect_url is left as the caller wrote it).
 */
export function chooseRedirect(input: RedirectInput): string {
  const { locale, newUser, redirectUrl } = input;
  const ctx = { origin: input.origin, allowedDomains: input.brandDomains };
  const given = typeof redirectUrl === 'string' && redirectUrl !== '';
  if (input.insideTelegram && input.source === 'task') {
    if (given) return safeRedirect(redirectUrl, ctx);
    return `/${locale}/min-app/task${input.campaign ? `?${new URLSearchParams({ campaign: input.campaign })}` : ''}`;
  }
  if (input.insideTelegram) return `/${locale}/tg-app/app/home/`;
  if (input.site === 'EU' && newUser) return EU_NEW_USER_PATH;
  if (given) return safeRedirect(redirectUrl, ctx);
  const landing = input.mobile && input.downloadAllowed ? 'download' : 'dashboard';
  const query = new URLSearchParams();
  if (newUser) query.set('newUser', 'true');
  if (input.demoAccount && landing === 'dashboard') query.set('demoAccount', 'true');
  const kept = query.toString();
  return `/${locale}/${landing}${kept ? `?${kept}` : ''}`;
}
