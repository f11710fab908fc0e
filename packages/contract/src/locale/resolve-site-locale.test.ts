import { describe, expect, it } from 'vitest';
import { SITES } from '../sites/site-table.js';
import { browserLocaleFallback, parseAcceptLanguage, resolveSiteLocaleFor } from './resolve-site-locale.js';
import {
  fallbackLocale,
  pickFromAcceptLanguage,
  resolveSiteLocale,
  visibleLanguages,
} from './site-locale.js';
import { isLanguageVisible } from './visible-languages.js';

describe('resolveSiteLocale (§5: the selected language must be in the site list)', () => {
  it('keeps a supported language', () => {
    expect(resolveSiteLocale('global', 'ja-JP')).toBe('ja-JP');
    expect(resolveSiteLocale('EU', 'nl-EU')).toBe('nl-EU');
    expect(resolveSiteLocale('KAZ', 'kk-KAZ')).toBe('kk-KAZ');
  });

  it('falls back to en on global', () => {
    expect(resolveSiteLocale('global', 'xx-YY')).toBe('en');
    expect(resolveSiteLocale('global', null)).toBe('en');
  });

  it('falls back to the site default on regional sites', () => {
    expect(resolveSiteLocale('HKG', 'ja-JP')).toBe('zh-HK');
    expect(resolveSiteLocale('EU', 'nl-NL')).toBe('en-EU');
    expect(resolveSiteLocale('KAZ', null)).toBe('ru-KAZ');
    expect(resolveSiteLocale('GEO', 'en')).toBe('ka-GEO');
    expect(resolveSiteLocale('ARE', null)).toBe('en-ARE');
  });

  it('compares case-insensitively and returns the site spelling', () => {
    expect(resolveSiteLocale('global', 'ZH-tw')).toBe('zh-TW');
    expect(resolveSiteLocale('TUR', 'tr-tur')).toBe('tr-TUR');
  });

  it('treats en-US as en', () => {
    expect(resolveSiteLocale('global', 'en-US')).toBe('en');
  });

  it('the sign-up page hides fil-PH and hi-IN', () => {
    expect(resolveSiteLocale('global', 'fil-PH', { page: 'signup' })).toBe('en');
    expect(resolveSiteLocale('global', 'hi-IN', { page: 'signup' })).toBe('en');
    expect(resolveSiteLocale('global', 'fil-PH')).toBe('fil-PH');
    expect(resolveSiteLocale('global', 'hi-IN', { page: 'other' })).toBe('hi-IN');
  });

  it('es-419 is always hidden', () => {
    expect(resolveSiteLocale('global', 'es-419')).toBe('en');
    expect(resolveSiteLocale('global', 'es-419', { page: 'signup' })).toBe('en');
  });

  it('fallbackLocale is en on global and the default elsewhere', () => {
    expect(fallbackLocale('global')).toBe('en');
    expect(fallbackLocale('NLD')).toBe('nl-NL');
  });
});

describe('visible languages', () => {
  it('the Turkish site is limited to Turkish and English', () => {
    expect(visibleLanguages('TUR')).toEqual(['tr-TUR', 'en-TR']);
    expect(isLanguageVisible('TUR', 'de-DE')).toBe(false);
    expect(isLanguageVisible('TUR', 'en-TR')).toBe(true);
  });

  it('sign-up hides fil-PH and hi-IN; es-419 never shows', () => {
    const signup = visibleLanguages('global', 'signup');
    const other = visibleLanguages('global', 'other');
    expect(signup).not.toContain('fil-PH');
    expect(signup).not.toContain('hi-IN');
    expect(other).toContain('fil-PH');
    expect(other).toContain('hi-IN');
    expect(other).not.toContain('es-419');
    expect(other.length).toBe(signup.length + 2);
  });
});

describe('browser locales', () => {
  it.each(['ko-KR', 'zh-CN', 'fr-FR', 'ZH-cn'])('%s falls back to en (§9)', (tag) => {
    expect(browserLocaleFallback(tag)).toBe('en');
  });

  it('leaves other tags alone', () => {
    expect(browserLocaleFallback('ja-JP')).toBe('ja-JP');
  });

  it('parses Accept-Language by q, dropping *, q=0 and junk', () => {
    expect(parseAcceptLanguage('fr;q=0.5, de-DE, *;q=0.1, ja;q=0, en-GB;q=0.8, <x>')).toEqual([
      'de-DE',
      'en-GB',
      'fr',
    ]);
    expect(parseAcceptLanguage('')).toEqual([]);
  });

  it('picks an exact site locale', () => {
    expect(pickFromAcceptLanguage('global', 'ja-JP,en;q=0.5')).toBe('ja-JP');
  });

  it('applies the browser fallback before matching', () => {
    expect(pickFromAcceptLanguage('global', 'ko-KR,ja;q=0.5')).toBe('en');
    expect(pickFromAcceptLanguage('global', 'zh-CN')).toBe('en');
  });

  it('matches by language when the region differs', () => {
    expect(pickFromAcceptLanguage('global', 'de-AT')).toBe('de-DE');
    expect(pickFromAcceptLanguage('global', 'en-US')).toBe('en');
    expect(pickFromAcceptLanguage('EU', 'en-GB,en;q=0.9')).toBe('en-EU');
    expect(pickFromAcceptLanguage('KAZ', 'ru')).toBe('ru-KAZ');
    expect(pickFromAcceptLanguage('GEO', 'ka-GE')).toBe('ka-GEO');
  });

  it('skips languages the site or page does not show', () => {
    expect(pickFromAcceptLanguage('TUR', 'de-DE,en;q=0.5')).toBe('en-TR');
    expect(pickFromAcceptLanguage('global', 'fil-PH,ja;q=0.5', { page: 'signup' })).toBe('ja-JP');
    expect(pickFromAcceptLanguage('global', 'es-419')).toBe('es-ES');
  });

  it('returns null when nothing fits', () => {
    expect(pickFromAcceptLanguage('HKG', 'de-DE')).toBeNull();
    expect(pickFromAcceptLanguage('global', null)).toBeNull();
    expect(pickFromAcceptLanguage('global', '*')).toBeNull();
  });
});

describe('the …For forms (the web passes its bootstrap site definition)', () => {
  it('answer as the site-id forms do, from the definition alone', () => {
    for (const site of Object.values(SITES)) {
      for (const requested of [null, 'en', 'tr-TUR', 'nl-EU', 'xx-YY', ...site.languages]) {
        expect(resolveSiteLocaleFor(site, requested)).toBe(resolveSiteLocale(site.id, requested));
        expect(resolveSiteLocaleFor(site, requested, { page: 'signup' })).toBe(
          resolveSiteLocale(site.id, requested, { page: 'signup' }),
        );
      }
    }
  });

  it('read only the definition they are given', () => {
    const madeUp = { id: 'JPN' as const, languages: ['ja-JP', 'de-DE'], defaultLanguage: 'de-DE' };
    expect(resolveSiteLocaleFor(madeUp, 'de-DE')).toBe('de-DE');
    expect(resolveSiteLocaleFor(madeUp, 'en-JP')).toBe('de-DE');
  });
});
