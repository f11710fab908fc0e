import type { SiteDefinition, SiteId } from '../sites/site-types.js';
import { primaryLanguage } from './locale-pattern.js';

/** Which language rules apply to a page: the sign-up page hides some languages (§2). */
export type PageKind = 'signup' | 'other';

const ALWAYS_HIDDEN: ReadonlySet<string> = /* @__PURE__ */ new Set(['es-419']);
const HIDDEN_ON_SIGNUP: ReadonlySet<string> = /* @__PURE__ */ new Set(['fil-PH', 'hi-IN']);
// §2 "The Turkish site is limited to Turkish and English" — enforced here too, so the rule survives
// any later growth of the TUR language list.
const TURKISH_SITE_LANGUAGES: ReadonlySet<string> = /* @__PURE__ */ new Set(['tr', 'en']);

export function isLanguageVisible(site: SiteId, locale: string, page: PageKind = 'other'): boolean {
  if (ALWAYS_HIDDEN.has(locale)) return false;
  if (page === 'signup' && HIDDEN_ON_SIGNUP.has(locale)) return false;
  if (site === 'TUR' && !TURKISH_SITE_LANGUAGES.has(primaryLanguage(locale))) return false;
  return true;
}

/** The fields of a site definition the language rules read; the web passes its bootstrap's definition. */
export type SiteLanguages = Pick<SiteDefinition, 'id' | 'languages' | 'defaultLanguage'>;

/** The site's languages a page offers, in display order. */
export function visibleLanguagesFor(site: SiteLanguages, page: PageKind = 'other'): readonly string[] {
  return site.languages.filter((locale) => isLanguageVisible(site.id, locale, page));
}
