import { describe, expect, it } from 'vitest';
import { expectedPhraseKeys, flattenPhrases, phrasePlaceholders, placeholdersOwed } from './phrase-parity.js';

describe('phrase parity', () => {
  const english = flattenPhrases({
    title: 'Hello {{name}}',
    code: { left_one: '{{count}} attempt left', left_other: '{{count}} attempts left' },
    none_zero: 'None yet',
    none_one: 'One',
    none_other: '{{count}} of them',
  });

  it('flattens nested phrases to dotted keys and lists placeholders sorted', () => {
    expect([...english.keys()]).toEqual([
      'title',
      'code.left_one',
      'code.left_other',
      'none_zero',
      'none_one',
      'none_other',
    ]);
    expect(phrasePlaceholders('{{b}} and {{ a }}')).toEqual(['a', 'b']);
  });

  it('asks each language for its own plural forms, _zero where English has one', () => {
    expect([...expectedPhraseKeys(english, 'ru-RU').keys()].sort()).toEqual(
      [
        'title',
        'code.left_one',
        'code.left_few',
        'code.left_many',
        'code.left_other',
        'none_one',
        'none_few',
        'none_many',
        'none_other',
        'none_zero',
      ].sort(),
    );
    expect([...expectedPhraseKeys(english, 'ja-JP').keys()].sort()).toEqual(
      ['title', 'code.left_other', 'none_other', 'none_zero'].sort(),
    );
  });

  it('lets a one-number form spell the number out, and no other', () => {
    const en = expectedPhraseKeys(english, 'en');
    const one = en.get('code.left_one');
    expect(one && placeholdersOwed(one, 'en', 'One attempt left')).toEqual([]);
    const ru = expectedPhraseKeys(english, 'ru-RU').get('code.left_one');
    // Russian "one" covers 1, 21, 31…: the count must show.
    expect(ru && placeholdersOwed(ru, 'ru-RU', 'Осталась одна попытка')).toEqual(['count']);
  });
});
