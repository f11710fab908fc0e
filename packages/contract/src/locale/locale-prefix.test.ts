import { describe, expect, it } from 'vitest';
import { LOCALE_PATTERN, isLocaleCode, primaryLanguage } from './locale-pattern.js';
import { headerLang, splitLocalePrefix } from './locale-prefix.js';

describe('LOCALE_PATTERN: 2-3 letters, a dash and 2-3 alphanumerics, or en', () => {
  it.each(['en', 'zh-TW', 'fil-PH', 'es-419', 'tr-TUR', 'ru-KAZ', 'EN', 'en-us'])('accepts %s', (code) => {
    expect(isLocaleCode(code)).toBe(true);
    expect(LOCALE_PATTERN.test(code)).toBe(true);
  });

  it.each([
    '',
    'e',
    'fr',
    'english',
    'e-GB',
    'engl-GB',
    'en-G',
    'en-GBRT',
    'en_GB',
    'en-G!',
    'login',
    'sign-up',
    'tr-login',
    'web2',
    '_app',
  ])('rejects %j', (code) => {
    expect(isLocaleCode(code)).toBe(false);
  });

  it('primaryLanguage lower-cases the language subtag', () => {
    expect(primaryLanguage('PT-br')).toBe('pt');
    expect(primaryLanguage('en')).toBe('en');
  });
});

describe('splitLocalePrefix: the first path segment can be a locale code', () => {
  it('splits a locale prefix from the rest', () => {
    expect(splitLocalePrefix('/zh-TW/login')).toEqual({ locale: 'zh-TW', rest: '/login' });
    expect(splitLocalePrefix('/en/oauth-authorized/')).toEqual({ locale: 'en', rest: '/oauth-authorized/' });
  });

  it('a locale alone leaves rest "/"', () => {
    expect(splitLocalePrefix('/en')).toEqual({ locale: 'en', rest: '/' });
    expect(splitLocalePrefix('/tr-TUR/')).toEqual({ locale: 'tr-TUR', rest: '/' });
  });

  it('returns no locale when the first segment is not one', () => {
    expect(splitLocalePrefix('/login')).toEqual({ locale: null, rest: '/login' });
    expect(splitLocalePrefix('/sign-up')).toEqual({ locale: null, rest: '/sign-up' });
    expect(splitLocalePrefix('/')).toEqual({ locale: null, rest: '/' });
  });

  it('rest always starts with /', () => {
    expect(splitLocalePrefix('')).toEqual({ locale: null, rest: '/' });
    expect(splitLocalePrefix('en/login')).toEqual({ locale: 'en', rest: '/login' });
  });

  it('keeps the prefix as written', () => {
    expect(splitLocalePrefix('/EN-us/login').locale).toBe('EN-us');
  });
});

describe('headerLang: the prefix is sent as the Lang header', () => {
  it('en is used when the segment is absent', () => {
    expect(headerLang(null)).toBe('en');
    expect(headerLang(undefined)).toBe('en');
  });

  it('en is used when the segment equals en-US', () => {
    expect(headerLang('en-US')).toBe('en');
    expect(headerLang('en-us')).toBe('en');
  });

  it('otherwise the segment is sent', () => {
    expect(headerLang('zh-TW')).toBe('zh-TW');
    expect(headerLang('tr-TUR')).toBe('tr-TUR');
  });
});
