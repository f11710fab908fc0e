import { describe, expect, it } from 'vitest';
import { SITE_LIST } from '../sites/site-table.js';
import { isRtl, textDirection } from './rtl.js';
import { TRANSLATION_LOCALES, translationLocale } from './translation-locale.js';

describe('translationLocale', () => {
  it('loads en for every English variant', () => {
    for (const locale of [
      'en',
      'en-GB',
      'en-HK',
      'en-TR',
      'en-KAZ',
      'en-NL',
      'en-EU',
      'en-GEO',
      'en-IDN',
      'en-ARE',
      'en-JP',
    ]) {
      expect(translationLocale(locale)).toBe('en');
    }
  });

  it.each([
    ['tr-TUR', 'tr-TR'],
    ['ru-KAZ', 'ru-RU'],
    ['ru-GEO', 'ru-RU'],
    ['kk-KAZ', 'kk-KZ'],
    ['nl-EU', 'nl-NL'],
    ['id-IDN', 'id-ID'],
    ['ar-ARE', 'ar-SA'],
    ['ka-GEO', 'ka-GE'],
    ['zh-HK', 'zh-HK'],
    ['pt-PT', 'pt-PT'],
    ['ja-JP', 'ja-JP'],
  ])('%s loads %s', (locale, files) => {
    expect(translationLocale(locale)).toBe(files);
  });

  it('TRANSLATION_LOCALES is exactly the set the sites need', () => {
    const needed = /* @__PURE__ */ new Set(
      SITE_LIST.flatMap((site) => site.languages.map(translationLocale)),
    );
    expect(new Set(TRANSLATION_LOCALES)).toEqual(needed);
    expect(TRANSLATION_LOCALES.length).toBe(needed.size);
  });
});

describe('right-to-left (§9: ar-SA, ar-ARE)', () => {
  it('ar-SA and ar-ARE render right-to-left', () => {
    expect(isRtl('ar-SA')).toBe(true);
    expect(isRtl('ar-ARE')).toBe(true);
    expect(textDirection('ar-ARE')).toBe('rtl');
  });

  it('every other site language renders left-to-right', () => {
    const rtl = SITE_LIST.flatMap((site) => site.languages).filter(isRtl);
    expect(new Set(rtl)).toEqual(new Set(['ar-SA', 'ar-ARE']));
    expect(textDirection('en')).toBe('ltr');
  });
});
