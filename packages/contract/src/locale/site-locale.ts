import { SITES } from '../sites/site-table.js';
import type { SiteId } from '../sites/site-types.js';
import { languageOptionsFor, type LanguageOption } from './language-options.js';
import {
  fallbackLocaleFor,
  matchVisible,
  pickFromAcceptLanguageFor,
  resolveSiteLocaleFor,
  type LocaleOptions,
} from './resolve-site-locale.js';
import { visibleLanguagesFor, type PageKind } from './visible-languages.js';

// The language rules by site id, for the server and the page redirects, which know every site.
// The web app calls the `…For` forms with its bootstrap's site definition instead, so its bundle
// does not carry the table of all ten sites.

export function visibleLanguages(site: SiteId, page: PageKind = 'other'): readonly string[] {
  return visibleLanguagesFor(SITES[site], page);
}

export function fallbackLocale(site: SiteId): string {
  return fallbackLocaleFor(SITES[site]);
}

export function resolveSiteLocale(site: SiteId, requested: string | null, opts: LocaleOptions = {}): string {
  return resolveSiteLocaleFor(SITES[site], requested, opts);
}

/** The visitor's remembered choice (`{product}_LANG_KEY`) when this site offers it on this page, else null. */
export function chosenSiteLocale(
  site: SiteId,
  chosen: string | null | undefined,
  opts: LocaleOptions = {},
): string | null {
  return matchVisible(SITES[site], chosen ?? null, opts.page ?? 'other');
}

export function pickFromAcceptLanguage(
  site: SiteId,
  header: string | null | undefined,
  opts: LocaleOptions = {},
): string | null {
  return pickFromAcceptLanguageFor(SITES[site], header, opts);
}

export function languageOptions(site: SiteId, page: PageKind = 'other'): LanguageOption[] {
  return languageOptionsFor(SITES[site], page);
}
