/**
 * A locale path segment (§2): 2-3 letters, a dash and 2-3 alphanumerics, or `en`.
 * Case-insensitive so `/EN-us/…` is recognised as a prefix and can be redirected to the canonical case.
 */
export const LOCALE_PATTERN = /^(?:[A-Za-z]{2,3}-[A-Za-z0-9]{2,3}|en)$/i;

export function isLocaleCode(value: string): boolean {
  return LOCALE_PATTERN.test(value);
}

/** The language subtag, lower-cased: `pt-BR` → `pt`. */
export function primaryLanguage(locale: string): string {
  const dash = locale.indexOf('-');
  return (dash === -1 ? locale : locale.slice(0, dash)).toLowerCase();
}
