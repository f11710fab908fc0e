import type { SiteId } from '@gatehouse/contract';
import { useLocation, useSearch } from 'wouter';
import { useBootstrap } from '../bootstrap-context';
import { usePageLocation } from '../page-location';

/** What the redirect after success needs from the page; plain data, so the login page stays light. */
export interface AuthContext {
  site: SiteId;
  locale: string;
  /** The page query without `?`. */
  search: string;
  origin: string;
  brandDomains: readonly string[];
  /** Other sites' origins in this environment (page bootstrap), for the site jump after login. */
  siteOrigins?: Partial<Record<SiteId, string>>;
  navigate: (to: string, options?: { replace?: boolean }) => void;
}

export function useAuthContext(): AuthContext {
  const { site, origin, brandDomains, siteOrigins } = useBootstrap();
  const { locale } = usePageLocation();
  const search = useSearch();
  const [, navigate] = useLocation();
  return { site, locale, search, origin, brandDomains, navigate, ...(siteOrigins ? { siteOrigins } : {}) };
}
