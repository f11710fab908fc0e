import { describe, expect, it } from 'vitest';
import { SITE_LIST } from '../sites/site-table.js';
import { langStorageKey } from './lang-storage-key.js';
import { languageName } from './language-names.js';
import { languageOptions } from './site-locale.js';

describe('languageOptions (§3 language option: label, lang, value)', () => {
  it('labels each language by its own name, lang upper-case, value the locale', () => {
    expect(languageOptions('TUR')).toEqual([
      { label: 'Türkçe', lang: 'TR-TUR', value: 'tr-TUR' },
      { label: 'English', lang: 'EN-TR', value: 'en-TR' },
    ]);
    expect(languageOptions('JPN')[0]).toEqual({ label: '日本語', lang: 'JA-JP', value: 'ja-JP' });
  });

  it('follows the page rules: sign-up hides fil-PH and hi-IN, es-419 never shows', () => {
    const signup = languageOptions('global', 'signup').map((option) => option.value);
    const other = languageOptions('global').map((option) => option.value);
    expect(signup).not.toContain('fil-PH');
    expect(other).toContain('hi-IN');
    expect(other).not.toContain('es-419');
  });

  it('tells the two English variants of the global site apart', () => {
    const labels = languageOptions('global').map((option) => option.label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('has an endonym for every site language', () => {
    for (const site of SITE_LIST) {
      for (const locale of site.languages) expect(languageName(locale)).not.toBe(locale);
    }
  });

  it('falls back to the code for an unknown language', () => {
    expect(languageName('xx-YY')).toBe('xx-YY');
  });
});

describe('langStorageKey', () => {
  it('is {product}_LANG_KEY in upper case', () => {
    expect(langStorageKey('gatehouse')).toBe('GATEHOUSE_LANG_KEY');
  });
});
