import {
  matchRoute,
  resolveSiteLocaleFor,
  splitLocalePrefix,
  type RouteDef,
  type SiteLanguages,
} from '@gatehouse/contract';
import { useLocation } from 'wouter';
import { useBootstrap } from './bootstrap-context';

export interface PageLocation {
  /** The site locale of the page (validated against the site; the fallback when the prefix is absent or not offered). */
  locale: string;
  /** The path without the locale prefix, always starting with `/`. */
  rest: string;
  /** The recognised page, or null for a 404. */
  route: RouteDef | null;
}

/** Reads a path the way the server does: locale prefix first, then the route table of @gatehouse/contract. */
export function parsePageLocation(site: SiteLanguages, path: string): PageLocation {
  const { locale: prefix, rest } = splitLocalePrefix(path);
  const route = matchRoute(rest);
  return { locale: resolveSiteLocaleFor(site, prefix, { page: route?.page ?? 'other' }), rest, route };
}

/** The current page's locale and route, from the URL (the single source of truth for both). */
export function usePageLocation(): PageLocation {
  const [path] = useLocation();
  const { siteDefinition } = useBootstrap();
  return parsePageLocation(siteDefinition, path);
}

/** `/{locale}{path}`: every in-app link carries the current locale, as the server's redirects do. */
export function useLocalePath(): (path: string) => string {
  const { locale } = usePageLocation();
  return (path) => `/${locale}${path}`;
}
