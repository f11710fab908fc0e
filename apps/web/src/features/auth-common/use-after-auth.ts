import { detectAppWebview, isMobileUserAgent, matchRoute, splitLocalePrefix } from '@gatehouse/contract';
import { useLocation, useSearch } from 'wouter';
import { insideTelegram } from '../../api';
import { useBootstrap } from '../../app/bootstrap-context';
import { usePageLocation } from '../../app/page-location';
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
export function useGoTo(): (target: string) => void {
  const [, navigate] = useLocation();
  return (target) => {
    const path = target.startsWith('/') && !target.startsWith('//') ? target.split(/[?#]/, 1)[0] : undefined;
    if (path && path !== '/' && matchRoute(splitLocalePrefix(path).rest)) {
      navigate(target);
      return;
    }
    window.location.assign(target);
  };
}

/** Where to go after login or sign-up, from the page's site, locale, query and browser (spec §2). */
export function useAfterAuth(): (options: { newUser: boolean }) => void {
  const { site, origin, brandDomains } = useBootstrap();
  const { locale } = usePageLocation();
  const search = useSearch();
  const goTo = useGoTo();
  return ({ newUser }) => {
    const query = new URLSearchParams(search);
    const userAgent = navigator.userAgent;
    goTo(
      chooseRedirect({
        site,
        locale,
        newUser,
        mobile: isMobileUserAgent(userAgent),
        downloadAllowed: downloadAllowed(userAgent),
        insideTelegram: insideTelegram(),
        source: query.get('source'),
        redirectUrl: query.get('redirect_url'),
        // The live origin: the bootstrap's is the one the server saw, which a proxy may have rewritten.
        origin: window.location.origin || origin,
        brandDomains,
      }),
    );
  };
}
