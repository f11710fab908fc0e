import { languageName } from './language-names.js';
import { visibleLanguagesFor } from './visible-languages.js';
import type { PageKind, SiteLanguages } from './visible-languages.js';

/** A language picker entry (§3): endonym label, upper-case code, locale value. */
export interface LanguageOption {
  label: string;
  lang: string;
  value: string;
}

export function languageOptionsFor(site: SiteLanguages, page: PageKind = 'other'): LanguageOption[] {
  return visibleLanguagesFor(site, page).map((value) => ({
    label: languageName(value),
    lang: value.toUpperCase(),
    value,
  }));
}
