import { createRequire } from 'node:module';
import countries, { type LocaleData } from 'i18n-iso-countries';
import { primaryLanguage } from '@gatehouse/contract';

const require = createRequire(import.meta.url);

/** Languages i18n-iso-countries ships names for, as far as our sites need them (SITES languages). */
const AVAILABLE: ReadonlySet<string> = new Set([
  'ar',
  'cs',
  'de',
  'el',
  'en',
  'es',
  'fr',
  'hu',
  'id',
  'it',
  'ja',
  'ka',
  'kk',
  'ko',
  'lt',
  'nl',
  'pl',
  'pt',
  'ro',
  'ru',
  'tr',
  'uk',
  'vi',
  'zh',
  'hi',
]);

const registered = new Set<string>();

/**
 * The language whose names we serve for a page locale (`pt-BR` → `pt`), registering its data
 * on first use: only the locales somebody asks for are loaded, never all 78.
 */
export function namesLanguage(locale: string | null): string {
  const lang = locale ? primaryLanguage(locale) : 'en';
  const chosen = AVAILABLE.has(lang) ? lang : 'en';
  if (!registered.has(chosen)) {
    // The language is from the fixed set above, so the path cannot be steered.
    countries.registerLocale(require(`i18n-iso-countries/langs/${chosen}.json`) as LocaleData);
    registered.add(chosen);
  }
  return chosen;
}

/** ISO 3166-1 alpha-2 → name in `lang` (the common short name, e.g. "United Kingdom"). */
export function countryNames(lang: string): Record<string, string> {
  return countries.getNames(lang, { select: 'official' });
}

export function isIsoCountry(code: string): boolean {
  return countries.isValid(code);
}
