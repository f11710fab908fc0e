import type { SiteId } from '../sites/site-types.js';
import { languageName } from './language-names.js';
import { visibleLanguages } from './visible-languages.js';
import type { PageKind } from './visible-languages.js';

/** A language picker entry (§3): endonym label, upper-case code, locale value. */
export interface LanguageOption {
  label: string;
  lang: string;
  value: string;
}

export function languageOptions(site: SiteId, page: PageKind = 'other'): LanguageOption[] {
  return visibleLanguages(site, page).map((value) => ({
    label: languageName(value),
    lang: value.toUpperCase(),
    value,
  }));
}
