import { LANG_COOKIE_MAX_AGE_S, langStorageKey } from '@gatehouse/contract';
import { writeLocal } from './local-flags';

/**
 * Remembers the visitor's language under `{product}_LANG_KEY` (spec §2): in local storage for the
 * web, and in a cookie of the same name for the server, whose redirect of `/` (or any path without
 * a locale) then prefers it to Accept-Language. Not HttpOnly: it is the page's own setting, and the
 * server accepts only a locale the site offers.
 */
export function rememberLanguage(product: string, locale: string, doc: Document = document): void {
  const key = langStorageKey(product);
  writeLocal(key, locale);
  const secure = doc.location?.protocol === 'https:' ? '; secure' : '';
  doc.cookie = `${key}=${encodeURIComponent(locale)}; path=/; max-age=${LANG_COOKIE_MAX_AGE_S}; samesite=lax${secure}`;
}
