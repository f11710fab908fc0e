/**
 * Where the web app's translation files live and which ones every page asks for at start. The web's
 * translator fetches them from these paths, and the server preloads the same paths in the page's HTML
 * (`<link rel="preload" as="fetch" crossorigin>`), so the two can never name different files: a
 * preload the page does not use is a wasted download, and a fetch it does not match is a second one.
 */

/** The source locale: every key exists here, and a missing key elsewhere falls back to it. */
export const FALLBACK_LANGUAGE = 'en';

/** Namespaces every page needs before its first render (the shell's and the forms' phrases). */
export const START_NAMESPACES = ['global', 'inverse'] as const;

/** `/locales/{lng}/{ns}.json`, the i18next layout the web app is served with. */
export function localeFilePath(language: string, namespace: string): string {
  return `/locales/${encodeURIComponent(language)}/${namespace}.json`;
}

/** The files a page in `translationLocale` loads at start: its own language's, then the fallback's. */
export function startLocaleFiles(translationLocale: string): string[] {
  const languages =
    translationLocale === FALLBACK_LANGUAGE ? [translationLocale] : [translationLocale, FALLBACK_LANGUAGE];
  return languages.flatMap((language) => START_NAMESPACES.map((ns) => localeFilePath(language, ns)));
}
