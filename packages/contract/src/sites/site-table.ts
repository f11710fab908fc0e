import { GLOBAL_LANGUAGES, EU_LANGUAGES } from './site-languages.js';
import { SITE_IDS } from './site-types.js';
import type { BonusTable, SiteDefinition, SiteId } from './site-types.js';

// §9 bonus table. "Default" applies to every region the table does not name; null = "not shown".
const DEFAULT_BONUS: BonusTable = {
  normal: 5100,
  affiliate: 30100,
  affiliateExtra: 30000,
  referral: 6135,
  signup: 100,
};

/*
 * Decisions the spec leaves open:
 *
 * regulated — every regional site is a separately licensed entity (HKG, TUR, KAZ, NLD, EU, GEO, IDN,
 * ARE, JPN), so each must pass login and registration through the compliance endpoints (§7
 * login_compliance / register_compliance). Only the global (offshore) site uses the plain endpoints.
 *
 * phoneSignUp — hidden on EU and NLD (§6 "Phone sign-up is hidden on some sites"). Both entities
 * onboard under EEA AML rules that key the account on a verified e-mail address, and the EU/NLD
 * apps have no SMS one-time-code flow; every other site offers mobile sign-up.
 *
 * selfUnblock — §4 "after more than 24 hours, go to the self-unblock page, or on some sites show error
 * 31003". Off on HKG, JPN, NLD and EU: there a ban is a measure of the licensed entity (SFC, FSA,
 * MiCA/AMLD supervision) whose lifting compliance staff must record, so the user is sent to support;
 * the other sites offer self-help where the operator allowed it (docs/flows/ban.md).
 */
export const SITES: Readonly<Record<SiteId, SiteDefinition>> = {
  global: {
    id: 'global',
    localLabel: null,
    languages: GLOBAL_LANGUAGES,
    defaultLanguage: 'en',
    cookiePolicy: 'privacy-policy',
    phoneSignUp: true,
    selfUnblock: true,
    regulated: false,
    bonus: DEFAULT_BONUS,
  },
  HKG: {
    id: 'HKG',
    localLabel: 'hk',
    languages: ['zh-HK', 'en-HK'],
    defaultLanguage: 'zh-HK',
    cookiePolicy: 'privacy-policy',
    phoneSignUp: true,
    selfUnblock: false,
    regulated: true,
    bonus: DEFAULT_BONUS,
  },
  TUR: {
    id: 'TUR',
    localLabel: 'tr',
    languages: ['tr-TUR', 'en-TR'],
    defaultLanguage: 'tr-TUR',
    cookiePolicy: 'privacy-policy',
    phoneSignUp: true,
    selfUnblock: true,
    regulated: true,
    bonus: { normal: 5100, affiliate: 5100, affiliateExtra: null, referral: 6135, signup: null },
  },
  KAZ: {
    id: 'KAZ',
    localLabel: 'kz',
    languages: ['ru-KAZ', 'kk-KAZ', 'en-KAZ'],
    // §9 gives ru-KAZ; another reading says kk-KAZ. Russian is what most of the audience reads and
    // it is first in the site's list, which also matches the "first supported" rule.
    defaultLanguage: 'ru-KAZ',
    cookiePolicy: 'help-center-article',
    phoneSignUp: true,
    selfUnblock: true,
    regulated: true,
    bonus: DEFAULT_BONUS,
  },
  NLD: {
    id: 'NLD',
    localLabel: 'nl',
    languages: ['nl-NL', 'en-NL'],
    defaultLanguage: 'nl-NL',
    cookiePolicy: 'privacy-policy',
    phoneSignUp: false,
    selfUnblock: false,
    regulated: true,
    bonus: DEFAULT_BONUS,
  },
  EU: {
    id: 'EU',
    localLabel: 'eu',
    languages: EU_LANGUAGES,
    defaultLanguage: 'en-EU',
    cookiePolicy: 'cookie-policy',
    phoneSignUp: false,
    selfUnblock: false,
    regulated: true,
    bonus: { normal: 5030, affiliate: null, affiliateExtra: 5000, referral: 5145, signup: 30 },
  },
  GEO: {
    id: 'GEO',
    localLabel: 'ge',
    languages: ['ka-GEO', 'ru-GEO', 'en-GEO'],
    defaultLanguage: 'ka-GEO',
    cookiePolicy: 'cookie-policy',
    phoneSignUp: true,
    selfUnblock: true,
    regulated: true,
    bonus: {
      normal: 100,
      affiliate: 100,
      affiliateExtra: null,
      referral: 1125,
      signup: 100,
      affiliateSignup: 30100,
    },
  },
  IDN: {
    id: 'IDN',
    localLabel: 'id',
    languages: ['id-IDN', 'en-IDN'],
    defaultLanguage: 'id-IDN',
    cookiePolicy: 'cookie-policy',
    phoneSignUp: true,
    selfUnblock: true,
    regulated: true,
    bonus: DEFAULT_BONUS,
  },
  ARE: {
    id: 'ARE',
    localLabel: 'ae',
    languages: ['en-ARE', 'ar-ARE'],
    // §9 names no default for UAE: "first supported" applies.
    defaultLanguage: 'en-ARE',
    cookiePolicy: 'cookie-policy',
    phoneSignUp: true,
    selfUnblock: true,
    regulated: true,
    bonus: DEFAULT_BONUS,
  },
  JPN: {
    id: 'JPN',
    localLabel: 'jp',
    languages: ['ja-JP', 'en-JP'],
    defaultLanguage: 'ja-JP',
    cookiePolicy: 'privacy-policy',
    phoneSignUp: true,
    selfUnblock: false,
    regulated: true,
    bonus: DEFAULT_BONUS,
  },
};

/** The sites in the order of `SITE_IDS`. */
export const SITE_LIST: readonly SiteDefinition[] = [
  SITES.global,
  SITES.HKG,
  SITES.TUR,
  SITES.KAZ,
  SITES.NLD,
  SITES.EU,
  SITES.GEO,
  SITES.IDN,
  SITES.ARE,
  SITES.JPN,
];

export function isSiteId(value: unknown): value is SiteId {
  return typeof value === 'string' && (SITE_IDS as readonly string[]).includes(value);
}
