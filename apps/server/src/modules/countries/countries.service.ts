import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import {
  BLOCKED_COUNTRIES,
  SITES,
  isBlockedCountry,
  type CountryCodeResult,
  type CountryEntry,
  type SiteId,
} from '@gatehouse/contract';
import { countryNames, isIsoCountry, namesLanguage } from './country-names.js';

/** Countries with a calling code (libphonenumber-js metadata). */
const PHONE_COUNTRIES: ReadonlySet<string> = new Set(getCountries());

export function callingCodeOf(iso: string): string | null {
  return PHONE_COUNTRIES.has(iso)
    ? getCountryCallingCode(iso as Parameters<typeof getCountryCallingCode>[0])
    : null;
}

export interface CountryListOptions {
  /** Page locale; names fall back to English. */
  locale: string | null;
  /** List blocked countries flagged `disabled` instead of leaving them out. */
  includeDisabled: boolean;
  /** Every ISO country (residence) rather than only those with a calling code (phone). */
  iso: boolean;
}

const lists = new Map<string, readonly CountryEntry[]>();

/** The country list of `/v2/public/country-list`, sorted by name in the page language; memoised. */
export function countryList(opts: CountryListOptions): readonly CountryEntry[] {
  const lang = namesLanguage(opts.locale);
  const key = `${lang}|${opts.includeDisabled ? 1 : 0}|${opts.iso ? 1 : 0}`;
  const cached = lists.get(key);
  if (cached) return cached;
  const names = countryNames(lang);
  const collator = new Intl.Collator(lang);
  const list = Object.entries(names)
    .filter(([iso]) => opts.iso || PHONE_COUNTRIES.has(iso))
    .map(([iso, name]) => ({ iso, name, calling_code: callingCodeOf(iso), disabled: isBlockedCountry(iso) }))
    .filter((entry) => opts.includeDisabled || !entry.disabled)
    .sort((a, b) => collator.compare(a.name, b.name));
  lists.set(key, list);
  return list;
}

/** The country a regional site serves, to preselect its calling code (§1 site identities). */
const SITE_COUNTRY: Partial<Record<SiteId, string>> = {
  HKG: 'HK',
  TUR: 'TR',
  KAZ: 'KZ',
  NLD: 'NL',
  GEO: 'GE',
  IDN: 'ID',
  ARE: 'AE',
  JPN: 'JP',
};

/** Regions named in an Accept-Language header, in the order given (`en-GB,de;q=0.8` → GB). */
export function acceptLanguageRegions(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 16)
    .map((part) => /^\s*[A-Za-z]{2,3}-([A-Za-z]{2})\b/.exec(part)?.[1]?.toUpperCase())
    .filter((region): region is string => region !== undefined);
}

/**
 * The calling code to preselect: the site's own country, else the client's country (from a
 * trusted proxy header), else the first Accept-Language region. Blocked countries (§6) are never
 * suggested.
 */
export function suggestCountry(
  site: SiteId,
  clientCountry: string | null,
  acceptLanguage: string | null,
): CountryCodeResult {
  const candidates = [
    SITE_COUNTRY[site],
    clientCountry?.slice(0, 2),
    ...acceptLanguageRegions(acceptLanguage),
  ];
  for (const iso of candidates) {
    if (!iso || !isIsoCountry(iso) || isBlockedCountry(iso)) continue;
    const code = callingCodeOf(iso);
    if (code) return { country: iso, country_code: code };
  }
  return { country: null, country_code: null };
}

export interface PermissionInput {
  site: SiteId;
  clientCountry: string | null;
}

/** Whether sign-up is open; the residence part is checked by the caller (it refuses). */
export function registerPermission(input: PermissionInput) {
  const ipBlocked = input.clientCountry !== null && isBlockedCountry(input.clientCountry);
  return {
    allowed: !ipBlocked,
    blocked_countries: [...BLOCKED_COUNTRIES],
    phone_sign_up: SITES[input.site].phoneSignUp,
    residence_required: SITES[input.site].regulated,
  };
}
