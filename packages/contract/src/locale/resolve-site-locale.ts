import { primaryLanguage } from './locale-pattern.js';
import { visibleLanguagesFor } from './visible-languages.js';
import type { PageKind, SiteLanguages } from './visible-languages.js';

export interface LocaleOptions {
  page?: PageKind;
}

/** The locale used when the requested one is not offered: `en` on global, the site default elsewhere (§5). */
export function fallbackLocaleFor(site: SiteLanguages): string {
  return site.id === 'global' ? 'en' : site.defaultLanguage;
}

/**
 * The locale to serve for a requested one (§5): the site's own spelling of it when the site offers it
 * on this page (compared case-insensitively; `en-US` means `en`), else the fallback.
 */
export function resolveSiteLocaleFor(
  site: SiteLanguages,
  requested: string | null,
  opts: LocaleOptions = {},
): string {
  return matchVisible(site, requested, opts.page ?? 'other') ?? fallbackLocaleFor(site);
}

/** The site's own spelling of `requested` when the site offers it on this page, else null. */
export function matchVisible(site: SiteLanguages, requested: string | null, page: PageKind): string | null {
  if (!requested) return null;
  const wanted = requested.toLowerCase() === 'en-us' ? 'en' : requested.toLowerCase();
  return visibleLanguagesFor(site, page).find((locale) => locale.toLowerCase() === wanted) ?? null;
}

// §9: these browser locales are served English even where a translation exists.
const BROWSER_TO_ENGLISH: ReadonlySet<string> = /* @__PURE__ */ new Set(['ko-kr', 'zh-cn', 'fr-fr']);

/** §9 "Browser locales ko-KR, zh-CN, fr-FR fall back to en"; any other tag is returned unchanged. */
export function browserLocaleFallback(tag: string): string {
  return BROWSER_TO_ENGLISH.has(tag.toLowerCase()) ? 'en' : tag;
}

const MAX_ACCEPT_LANGUAGE_ENTRIES = 32;

/**
 * The best visible site locale for an Accept-Language header, or null when none fits.
 * Tags are tried by descending q (stable); each is first put through `browserLocaleFallback`, then
 * matched exactly (case-insensitive), then by language alone (`de` or `de-AT` → `de-DE`,
 * `en-US` → `en` on global, `en-GB` → `en-EU` on the EU site): the first site locale of that language wins.
 */
export function pickFromAcceptLanguageFor(
  site: SiteLanguages,
  header: string | null | undefined,
  opts: LocaleOptions = {},
): string | null {
  if (!header) return null;
  const page = opts.page ?? 'other';
  const visible = visibleLanguagesFor(site, page);
  for (const tag of parseAcceptLanguage(header)) {
    const browser = browserLocaleFallback(tag);
    const exact = matchVisible(site, browser, page);
    if (exact) return exact;
    const language = primaryLanguage(browser);
    const sameLanguage = visible.find((locale) => primaryLanguage(locale) === language);
    if (sameLanguage) return sameLanguage;
  }
  return null;
}

/** Language tags of an Accept-Language header, best first; `*`, malformed and q=0 entries are dropped. */
export function parseAcceptLanguage(header: string): string[] {
  const entries: { tag: string; q: number; index: number }[] = [];
  const parts = header.split(',').slice(0, MAX_ACCEPT_LANGUAGE_ENTRIES);
  parts.forEach((part, index) => {
    const [rawTag = '', ...params] = part.split(';');
    const tag = rawTag.trim();
    if (!/^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/.test(tag)) return;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param);
      if (match?.[1] !== undefined) q = Number(match[1]);
    }
    if (q > 0 && q <= 1) entries.push({ tag, q, index });
  });
  entries.sort((a, b) => b.q - a.q || a.index - b.index);
  return entries.map((entry) => entry.tag);
}
