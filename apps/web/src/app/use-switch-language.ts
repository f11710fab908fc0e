import { langStorageKey } from '@gatehouse/contract';
import { useLocation, useSearch } from 'wouter';
import { useBootstrap } from './bootstrap-context';
import { writeLocal } from './local-flags';
import { usePageLocation } from './page-location';

/**
 * Switches language the way the server addresses it: a new locale prefix on the same path and query,
 * by client-side navigation (no reload). The choice is remembered under `{product}_LANG_KEY`.
 */
export function useSwitchLanguage(): (locale: string) => void {
  const [, navigate] = useLocation();
  const search = useSearch();
  const { product } = useBootstrap();
  const { rest } = usePageLocation();
  return (locale) => {
    writeLocal(langStorageKey(product), locale);
    navigate(`/${locale}${rest === '/' ? '' : rest}${search ? `?${search}` : ''}`);
  };
}
