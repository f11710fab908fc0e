import { describe, expect, it } from 'vitest';
import { EUROPEAN_LANGUAGES, EU_LANGUAGES, GLOBAL_LANGUAGES, toEuLocale } from './site-languages.js';
import { SITES, SITE_LIST, isSiteId } from './site-table.js';
import { SITE_IDS } from './site-types.js';

describe('site table', () => {
  it('defines every site once, keyed by its id, in SITE_IDS order', () => {
    expect(SITE_LIST.map((site) => site.id)).toEqual([...SITE_IDS]);
    for (const id of SITE_IDS) expect(SITES[id].id).toBe(id);
  });

  it('gives each site its local label; global is plain localhost', () => {
    const labels = Object.fromEntries(SITE_LIST.map((site) => [site.id, site.localLabel]));
    expect(labels).toEqual({
      global: null,
      HKG: 'hk',
      TUR: 'tr',
      KAZ: 'kz',
      NLD: 'nl',
      EU: 'eu',
      GEO: 'ge',
      IDN: 'id',
      ARE: 'ae',
      JPN: 'jp',
    });
  });

  it('global supports 17 or more languages including en and en-GB (§9)', () => {
    expect(SITES.global.languages.length).toBeGreaterThanOrEqual(17);
    expect(SITES.global.languages).toContain('en');
    expect(SITES.global.languages).toContain('en-GB');
  });

  it('global includes the long list of §2', () => {
    for (const locale of [
      'en',
      'zh-TW',
      'ja-JP',
      'ko-KR',
      'ru-RU',
      'es-ES',
      'tr-TR',
      'pt-BR',
      'fr-FR',
      'id-ID',
    ]) {
      expect(SITES.global.languages).toContain(locale);
    }
    for (const locale of [
      'kk-KZ',
      'uk-UA',
      'ar-SA',
      'nl-NL',
      'pl-PL',
      'ro-RO',
      'fil-PH',
      'hi-IN',
      'es-419',
    ]) {
      expect(SITES.global.languages).toContain(locale);
    }
    expect(SITES.global.languages).toEqual(GLOBAL_LANGUAGES);
  });

  it.each([
    ['HKG', ['zh-HK', 'en-HK']],
    ['TUR', ['tr-TUR', 'en-TR']],
    ['KAZ', ['ru-KAZ', 'kk-KAZ', 'en-KAZ']],
    ['NLD', ['nl-NL', 'en-NL']],
    ['GEO', ['ka-GEO', 'ru-GEO', 'en-GEO']],
    ['IDN', ['id-IDN', 'en-IDN']],
    ['ARE', ['en-ARE', 'ar-ARE']],
    ['JPN', ['ja-JP', 'en-JP']],
  ] as const)('%s supports exactly %j', (site, languages) => {
    expect(SITES[site].languages).toEqual(languages);
  });

  it('EU has 13 locales: en, cs, de, es, el, fr, it, lt, hu, nl, pl, pt, ro', () => {
    expect(SITES.EU.languages).toHaveLength(13);
    expect(SITES.EU.languages.map((locale) => locale.split('-')[0])).toEqual([
      'en',
      'cs',
      'de',
      'es',
      'el',
      'fr',
      'it',
      'lt',
      'hu',
      'nl',
      'pl',
      'pt',
      'ro',
    ]);
  });

  it('the EU site swaps en-NL for en-EU and nl-NL for nl-EU', () => {
    expect(toEuLocale('en-NL')).toBe('en-EU');
    expect(toEuLocale('nl-NL')).toBe('nl-EU');
    expect(toEuLocale('de-DE')).toBe('de-DE');
    expect(EU_LANGUAGES).toEqual(EUROPEAN_LANGUAGES.map(toEuLocale));
    expect(SITES.EU.languages).not.toContain('en-NL');
    expect(SITES.EU.languages).not.toContain('nl-NL');
  });

  it.each([
    ['HKG', 'zh-HK'],
    ['TUR', 'tr-TUR'],
    ['NLD', 'nl-NL'],
    ['KAZ', 'ru-KAZ'],
    ['GEO', 'ka-GEO'],
    ['IDN', 'id-IDN'],
    ['EU', 'en-EU'],
  ] as const)('default language of %s is %s', (site, locale) => {
    expect(SITES[site].defaultLanguage).toBe(locale);
  });

  it('other sites default to their first supported language, global to en', () => {
    expect(SITES.global.defaultLanguage).toBe('en');
    expect(SITES.ARE.defaultLanguage).toBe(SITES.ARE.languages[0]);
    expect(SITES.JPN.defaultLanguage).toBe(SITES.JPN.languages[0]);
  });

  it('every default language is one of the site languages', () => {
    for (const site of SITE_LIST) expect(site.languages).toContain(site.defaultLanguage);
  });

  it('cookie policy link: privacy policy by default, cookie policy for EU, GEO, IDN, ARE, help article for KAZ', () => {
    const kinds = Object.fromEntries(SITE_LIST.map((site) => [site.id, site.cookiePolicy]));
    expect(kinds).toEqual({
      global: 'privacy-policy',
      HKG: 'privacy-policy',
      TUR: 'privacy-policy',
      KAZ: 'help-center-article',
      NLD: 'privacy-policy',
      EU: 'cookie-policy',
      GEO: 'cookie-policy',
      IDN: 'cookie-policy',
      ARE: 'cookie-policy',
      JPN: 'privacy-policy',
    });
  });

  it('phone sign-up is hidden on some sites (EU, NLD) and offered elsewhere', () => {
    const hidden = SITE_LIST.filter((site) => !site.phoneSignUp).map((site) => site.id);
    expect(hidden).toEqual(['NLD', 'EU']);
  });

  it('every regional site is regulated; global is not', () => {
    for (const site of SITE_LIST) expect(site.regulated).toBe(site.id !== 'global');
  });

  it('holds the §9 bonus table, null for "not shown"', () => {
    expect(SITES.global.bonus).toEqual({
      normal: 5100,
      affiliate: 30100,
      affiliateExtra: 30000,
      referral: 6135,
      signup: 100,
    });
    expect(SITES.EU.bonus).toEqual({
      normal: 5030,
      affiliate: null,
      affiliateExtra: 5000,
      referral: 5145,
      signup: 30,
    });
    expect(SITES.GEO.bonus).toEqual({
      normal: 100,
      affiliate: 100,
      affiliateExtra: null,
      referral: 1125,
      signup: 100,
      affiliateSignup: 30100,
    });
    expect(SITES.TUR.bonus).toEqual({
      normal: 5100,
      affiliate: 5100,
      affiliateExtra: null,
      referral: 6135,
      signup: null,
    });
    expect(SITES.JPN.bonus).toEqual(SITES.global.bonus);
  });

  it('isSiteId accepts exactly the site ids', () => {
    expect(isSiteId('EU')).toBe(true);
    expect(isSiteId('eu')).toBe(false);
    expect(isSiteId('toString')).toBe(false);
    expect(isSiteId(3)).toBe(false);
  });
});
