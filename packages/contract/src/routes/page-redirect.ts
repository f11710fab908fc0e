import { splitLocalePrefix } from '../locale/locale-prefix.js';
import { chosenSiteLocale, pickFromAcceptLanguage, resolveSiteLocale } from '../locale/site-locale.js';
import type { PageKind } from '../locale/visible-languages.js';
import type { SiteId } from '../sites/site-types.js';
import { hasControlOrWhitespace } from '../rules/unsafe-chars.js';
import { matchRoute } from './route-table.js';
import type { RouteDef } from './route-table.js';

export const MAX_PATH_LENGTH = 2048;
export const MAX_QUERY_LENGTH = 8192;

export interface PageRequest {
  site: SiteId;
  /** The raw (still percent-encoded) path of the request. */
  pathname: string;
  /** The raw query string, with or without the leading `?`; empty when none. */
  search: string;
  acceptLanguage?: string | null;
  /** The language the visitor chose earlier (the `{product}_LANG_KEY` cookie); wins over Accept-Language. */
  chosenLanguage?: string | null;
}

export type PageDecision =
  | { kind: 'redirect'; location: string }
  | { kind: 'render'; locale: string; route: RouteDef }
  | { kind: 'not-found'; locale: string }
  | { kind: 'bad-request' };

/**
 * What the server does with a page request before sending any HTML (§2 "Pre-render redirects").
 * A redirect location is always a path starting with exactly one `/`, built from the route table,
 * so it can never point at another origin.
 */
export function decidePage(input: PageRequest): PageDecision {
  const { site, pathname, acceptLanguage, chosenLanguage } = input;
  if (!isSafePath(pathname)) return { kind: 'bad-request' };
  const search = normaliseSearch(input.search);
  if (search === null) return { kind: 'bad-request' };

  const { locale: prefix, rest } = splitLocalePrefix(pathname);
  const isRoot = rest === '/';
  const route = isRoot ? null : matchRoute(rest);
  const page: PageKind = route?.page ?? 'other';

  // Without a prefix: the visitor's own earlier choice, if this site offers it here; then the browser's.
  const locale =
    prefix === null
      ? (chosenSiteLocale(site, chosenLanguage, { page }) ??
        pickFromAcceptLanguage(site, acceptLanguage, { page }) ??
        resolveSiteLocale(site, null, { page }))
      : resolveSiteLocale(site, prefix, { page });

  if (isRoot) return redirect(locale, '/login', search);
  if (!route) return { kind: 'not-found', locale };
  if (route.path === '/register' && hasAffiliateId(search)) return redirect(locale, '/sign-up', search);
  if (prefix !== locale) return redirect(locale, rest, search);
  return { kind: 'render', locale, route };
}

function redirect(locale: string, path: string, search: string): PageDecision {
  return { kind: 'redirect', location: `/${locale}${path}${search}` };
}

// Control characters, whitespace and backslashes have no business in a page path, and `//` or a
// backslash could turn a naively built location into a protocol-relative one.
function isSafePath(pathname: string): boolean {
  return (
    pathname.startsWith('/') &&
    pathname.length <= MAX_PATH_LENGTH &&
    !pathname.includes('//') &&
    !pathname.includes('\\') &&
    !hasControlOrWhitespace(pathname)
  );
}

/** `?a=1` for `a=1` or `?a=1`, `` for none, null when unsafe. */
function normaliseSearch(search: string): string | null {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (query.length > MAX_QUERY_LENGTH || hasControlOrWhitespace(query)) return null;
  return query === '' ? '' : `?${query}`;
}

function hasAffiliateId(search: string): boolean {
  try {
    return (new URLSearchParams(search).get('affiliate_id') ?? '') !== '';
  } catch {
    return false;
  }
}
