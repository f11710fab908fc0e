/**
 * Each language's name in itself (endonym), shown in the language picker (§3 "Language option").
 * Keyed by full locale where a site shows two variants of one language side by side (global: en and
 * en-GB, pt-BR and, elsewhere, pt-PT), else by the language subtag.
 */
export const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  en: 'English',
  'en-GB': 'English (UK)',
  zh: '中文',
  'zh-TW': '繁體中文',
  'zh-HK': '繁體中文（香港）',
  ja: '日本語',
  ko: '한국어',
  ru: 'Русский',
  es: 'Español',
  'es-419': 'Español (Latinoamérica)',
  tr: 'Türkçe',
  pt: 'Português',
  'pt-BR': 'Português (Brasil)',
  fr: 'Français',
  id: 'Bahasa Indonesia',
  kk: 'Қазақ тілі',
  uk: 'Українська',
  ar: 'العربية',
  nl: 'Nederlands',
  pl: 'Polski',
  ro: 'Română',
  vi: 'Tiếng Việt',
  de: 'Deutsch',
  it: 'Italiano',
  fil: 'Filipino',
  hi: 'हिन्दी',
  cs: 'Čeština',
  el: 'Ελληνικά',
  lt: 'Lietuvių',
  hu: 'Magyar',
  ka: 'ქართული',
};

/** The endonym of a locale: by full locale, then by language, else the code itself. */
export function languageName(locale: string): string {
  const dash = locale.indexOf('-');
  const language = dash === -1 ? locale : locale.slice(0, dash);
  return LANGUAGE_NAMES[locale] ?? LANGUAGE_NAMES[language] ?? locale;
}
