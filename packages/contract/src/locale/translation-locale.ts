import { primaryLanguage } from './locale-pattern.js';

// Site locales that share the translation files of another locale.
const SHARED_TRANSLATIONS: Readonly<Record<string, string>> = {
  'tr-TUR': 'tr-TR',
  'ru-KAZ': 'ru-RU',
  'ru-GEO': 'ru-RU',
  'kk-KAZ': 'kk-KZ',
  'nl-EU': 'nl-NL',
  'id-IDN': 'id-ID',
  'ar-ARE': 'ar-SA',
  'ka-GEO': 'ka-GE',
};

/** The locale whose translation files (`/locales/{lng}/{ns}.json`) are loaded for a site locale. */
export function translationLocale(locale: string): string {
  if (primaryLanguage(locale) === 'en') return 'en';
  return SHARED_TRANSLATIONS[locale] ?? locale;
}

/**
 * Every translation locale any site can load: one `public/locales/{lng}/` folder per entry.
 * Kept as a literal (a test checks it equals the set derived from the site table).
 */
export const TRANSLATION_LOCALES = [
  'en',
  'zh-TW',
  'ja-JP',
  'ko-KR',
  'ru-RU',
  'es-ES',
  'es-419',
  'tr-TR',
  'pt-BR',
  'fr-FR',
  'id-ID',
  'kk-KZ',
  'uk-UA',
  'ar-SA',
  'nl-NL',
  'pl-PL',
  'ro-RO',
  'vi-VN',
  'de-DE',
  'it-IT',
  'fil-PH',
  'hi-IN',
  'zh-HK',
  'cs-CZ',
  'el-GR',
  'lt-LT',
  'hu-HU',
  'pt-PT',
  'ka-GE',
] as const;

export type TranslationLocale = (typeof TRANSLATION_LOCALES)[number];
