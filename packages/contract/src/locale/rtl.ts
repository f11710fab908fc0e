import { primaryLanguage } from './locale-pattern.js';

// §2 "Arabic-type languages render right-to-left"; §9 lists ar-SA and ar-ARE. The other
// right-to-left scripts are listed so a future locale does not silently render left-to-right.
const RTL_LANGUAGES: ReadonlySet<string> = /* @__PURE__ */ new Set(['ar', 'fa', 'he', 'ur']);

export function isRtl(locale: string): boolean {
  return RTL_LANGUAGES.has(primaryLanguage(locale));
}

export function textDirection(locale: string): 'ltr' | 'rtl' {
  return isRtl(locale) ? 'rtl' : 'ltr';
}
