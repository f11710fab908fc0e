import { describe, expect, it } from 'vitest';
import { categoryIsSingleNumber, pluralCategories, pluralKeys, splitPluralKey } from './plural-keys.js';

describe('plural keys', () => {
  it.each([
    ['en', 1, ['left_one', 'left_other']],
    ['en', 2, ['left_other']],
    ['en', 0, ['left_zero', 'left_other']],
    ['ru-RU', 1, ['left_one', 'left_other']],
    ['ru-RU', 21, ['left_one', 'left_other']],
    ['ru-RU', 3, ['left_few', 'left_other']],
    ['ru-RU', 5, ['left_many', 'left_other']],
    ['ru-RU', 11, ['left_many', 'left_other']],
    ['uk-UA', 22, ['left_few', 'left_other']],
    ['pl-PL', 12, ['left_many', 'left_other']],
    ['pl-PL', 22, ['left_few', 'left_other']],
    ['cs-CZ', 4, ['left_few', 'left_other']],
    ['lt-LT', 10, ['left_other']],
    ['lt-LT', 5, ['left_few', 'left_other']],
    ['lt-LT', 0.5, ['left_many', 'left_other']],
    ['ar-SA', 0, ['left_zero', 'left_other']],
    ['ar-SA', 2, ['left_two', 'left_other']],
    ['ar-SA', 3, ['left_few', 'left_other']],
    ['ar-SA', 11, ['left_many', 'left_other']],
    ['ar-SA', 100, ['left_other']],
    ['ja-JP', 1, ['left_other']],
  ] as const)('%s, %d → %j', (language, count, keys) => {
    expect(pluralKeys('left', language, count)).toEqual(keys);
  });

  it('lists each language’s categories in a fixed order', () => {
    expect(pluralCategories('en')).toEqual(['one', 'other']);
    expect(pluralCategories('ru-RU')).toEqual(['one', 'few', 'many', 'other']);
    expect(pluralCategories('ar-SA')).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
    expect(pluralCategories('zh-HK')).toEqual(['other']);
    expect(pluralCategories('not a tag!')).toEqual(['one', 'other']);
  });

  it('splits a plural key and leaves others alone', () => {
    expect(splitPluralKey('code.left_few')).toEqual({ base: 'code.left', suffix: 'few' });
    expect(splitPluralKey('other')).toBeNull();
    expect(splitPluralKey('show_more')).toBeNull();
  });

  it('knows where a form must show the count', () => {
    expect(categoryIsSingleNumber('en', 'one')).toBe(true);
    expect(categoryIsSingleNumber('ru-RU', 'one')).toBe(false);
    expect(categoryIsSingleNumber('ar-SA', 'two')).toBe(true);
    expect(categoryIsSingleNumber('fr-FR', 'one')).toBe(false);
  });
});
