import { isLocaleCode } from './locale-pattern.js';

export interface LocalePrefix {
  /** The first path segment when it looks like a locale, exactly as written; else null. */
  locale: string | null;
  /** The path without the prefix; always starts with `/`. */
  rest: string;
}

/** Splits `/{locale}/rest` (§2). `/en` → `{ locale: 'en', rest: '/' }`; `/login` → `{ locale: null, rest: '/login' }`. */
export function splitLocalePrefix(pathname: string): LocalePrefix {
  const path = pathname.startsWith('/') ? pathname : `/${pathname}`;
  const end = path.indexOf('/', 1);
  const first = end === -1 ? path.slice(1) : path.slice(1, end);
  if (!isLocaleCode(first)) return { locale: null, rest: path };
  const rest = end === -1 ? '/' : path.slice(end);
  return { locale: first, rest };
}

/** The Lang header value (§2): `en` when the prefix is absent or `en-US`, else the prefix. */
export function headerLang(prefixLocale: string | null | undefined): string {
  if (!prefixLocale || prefixLocale.toLowerCase() === 'en-us') return 'en';
  return prefixLocale;
}
