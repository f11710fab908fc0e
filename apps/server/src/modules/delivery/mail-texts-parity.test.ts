import fs from 'node:fs';
import path from 'node:path';
import {
  expectedPhraseKeys,
  flattenPhrases,
  phrasePlaceholders,
  placeholdersOwed,
  TRANSLATION_LOCALES,
  type PhraseTree,
} from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { SERVER_LOCALES_DIR } from '../../config/repo-paths.js';
import { DELIVERY_KINDS } from './delivery-types.js';

/**
 * The server's mail and SMS texts in every translation locale the web serves: the English keys
 * (plural units in the language's own forms), nothing else, and the same placeholders, so a mail is
 * never half English or missing its code or link (issue 19). The rules are the web's own (contract
 * locale/phrase-parity.ts).
 */
const read = (locale: string): PhraseTree | null => {
  try {
    return JSON.parse(
      fs.readFileSync(path.join(SERVER_LOCALES_DIR, locale, 'mail.json'), 'utf8'),
    ) as PhraseTree;
  } catch {
    return null;
  }
};

const english = flattenPhrases(read('en') ?? {});

describe('mail texts in every locale', () => {
  it('has English texts for every kind', () => {
    for (const kind of DELIVERY_KINDS)
      for (const field of ['subject', 'body', 'sms'])
        expect(english.get(`${kind}.${field}`), kind).toBeTruthy();
  });

  it('has one folder per translation locale', () => {
    const folders = fs.readdirSync(SERVER_LOCALES_DIR).sort();
    expect(folders).toEqual([...TRANSLATION_LOCALES].sort());
  });

  it.each(TRANSLATION_LOCALES.filter((l) => l !== 'en'))(
    '%s has every text, placeholders intact',
    (locale) => {
      const tree = read(locale);
      expect(tree, `${locale}/mail.json is missing or not JSON`).not.toBeNull();
      const target = flattenPhrases(tree ?? {});
      const expected = expectedPhraseKeys(english, locale);
      expect([...target.keys()].sort()).toEqual([...expected.keys()].sort());
      for (const [key, owed] of expected) {
        const translated = target.get(key) ?? '';
        const where = `${locale} mail:${key}`;
        expect(translated.trim(), `${where} is empty`).not.toBe('');
        expect(phrasePlaceholders(translated), where).toEqual(placeholdersOwed(owed, locale, translated));
      }
    },
  );
});
