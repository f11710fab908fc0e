import { detectAppWebview, isMobileUserAgent, matchRoute, splitLocalePrefix } from '@gatehouse/contract';
import { insideTelegram } from '../../api/platform';
import { useAuthContext, type AuthContext } from './auth-context';
import { chooseRedirect } from './choose-redirect';

/** Downloads are offered to a mobile browser, but not inside our own app's webview or Telegram. */
export function downloadAllowed(userAgent: string): boolean {
  return detectAppWebview(userAgent) === null && !insideTelegram();
}

/**
 * Goes to a target of `chooseRedirect`: a page of this app by client-side navigation (no reload, and the
 * exact path stays in the address bar), anything else (the exchange's own pages, `/`, a brand domain)
 * by loading it.
 */
export function goTo(target: string, navigate: AuthContext['navigate']): void {
  const path = target.startsWith('/') && !target.startsWith('//') ? target.split(/[?#]/, 1)[0] : undefined;
  if (path && path !== '/' && matchRoute(splitLocalePrefix(path).rest)) {
    navigate(target);
    return;
  }
  window.location.assign(target);
}

/** Where to go after login or sign-up, from the page's site, locale, query and browser (spec §2). */
export function goAfterAuth(
  ctx: AuthContext,
  { newUser, demoAccount = false }: { newUser: boolean; demoAccount?: boolean },
): void {
  const query = new URLSearchParams(ctx.search);
  const userAgent = navigator.userAgent;
  goTo(
    chooseRedirect({
      site: ctx.site,
      locale: ctx.locale,
      newUser,
      mobile: isMobileUserAgent(userAgent),
      downloadAllowed: downloadAllowed(userAgent),
      insideTelegram: insideTelegram(),
      source: query.get('source'),
      campaign: query.get('campaign'),
      demoAccount,
      redirectUrl: query.get('redirect_url'),
      // The live origin: the bootstrap's is the one the server saw, which a proxy may have rewritten.
      origin: window.location.origin || ctx.origin,
      brandDomains: ctx.brandDomains,
    }),
    ctx.navigate,
  );
}

export function useAfterAuth(): (options: { newUser: boolean; demoAccount?: boolean }) => void {
  const ctx = useAuthContext();
  return (options) => goAfterAuth(ctx, options);
}
