import { useLocation, useSearch } from 'wouter';
import { useBootstrap } from '../../lib/bootstrap-context';
import { rememberLanguage } from '../../lib/remember-language';
import { usePageLocation } from '../../lib/page-location';

/**
 * Switches language the way the server addresses it: a new locale prefix on the same path and query,
 * by client-side navigation (no reload). The choice is remembered under `{product}_LANG_KEY`, in
 * local storage and in a cookie the server's root redirect reads.
 */
export function useSwitchLanguage(): (locale: string) => void {
  const [, navigate] = useLocation();
  const search = useSearch();
  const { product } = useBootstrap();
  const { rest } = usePageLocation();
  return (locale) => {
    // At once, not lazily: the choice must be in the cookie before the next page load asks for it.
    rememberLanguage(product, locale);
    navigate(`/${locale}${rest === '/' ? '' : rest}${search ? `?${search}` : ''}`);
  };
}
