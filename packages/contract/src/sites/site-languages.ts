/**
 * Supported locales per site (spec §9), in display order.
 *
 * Regional codes use the exchange's own three-letter region suffixes (tr-TUR, ru-KAZ, …): they are
 * locale ids of our sites, not BCP 47 tags, and `translationLocale` maps them to the translation
 * files actually loaded.
 */

/** Global site: the long list of §2 plus the region variants of §9 (en-GB included). */
export const GLOBAL_LANGUAGES = [
  'en',
  'en-GB',
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
] as const;

/**
 * The European language set as the Netherlands entity names it. The EU site is built from this list
 * through `toEuLocale` (§9: "The EU site swaps en-NL for en-EU and nl-NL for nl-EU").
 */
export const EUROPEAN_LANGUAGES = [
  'en-NL',
  'cs-CZ',
  'de-DE',
  'es-ES',
  'el-GR',
  'fr-FR',
  'it-IT',
  'lt-LT',
  'hu-HU',
  'nl-NL',
  'pl-PL',
  'pt-PT',
  'ro-RO',
] as const;

const EU_SWAPS: Readonly<Record<string, string>> = { 'en-NL': 'en-EU', 'nl-NL': 'nl-EU' };

/** The EU site's spelling of a European locale: en-NL → en-EU, nl-NL → nl-EU, others unchanged. */
export function toEuLocale(locale: string): string {
  return EU_SWAPS[locale] ?? locale;
}

/** EU site languages: the European set with the two EU swaps applied (13 locales). */
export const EU_LANGUAGES: readonly string[] = [
  'en-EU',
  'cs-CZ',
  'de-DE',
  'es-ES',
  'el-GR',
  'fr-FR',
  'it-IT',
  'lt-LT',
  'hu-HU',
  'nl-EU',
  'pl-PL',
  'pt-PT',
  'ro-RO',
];
