import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  expectedPhraseKeys,
  flattenPhrases,
  phrasePlaceholders,
  placeholdersOwed,
  TRANSLATION_LOCALES,
  type PhraseTree,
} from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR as root } from '../test/locales-dir';
import { FALLBACK_LANGUAGE, NAMESPACES } from './namespaces';

function readTree(language: string, ns: string): PhraseTree | null {
  try {
    return JSON.parse(readFileSync(join(root, language, `${ns}.json`), 'utf8')) as PhraseTree;
  } catch {
    return null;
  }
}

const others = TRANSLATION_LOCALES.filter((language) => language !== FALLBACK_LANGUAGE);
const folders = readdirSync(root).sort();

describe('locale files', () => {
  it('has exactly one folder per translation locale', () => {
    expect(folders).toEqual([...TRANSLATION_LOCALES].sort());
  });

  for (const ns of NAMESPACES) {
    const english = readTree(FALLBACK_LANGUAGE, ns);
    // inverse-error-code.json arrives from the server side; until it exists there is nothing to mirror.
    if (!english) continue;
    const source = flattenPhrases(english);

    it(`${ns}.json in English has every plural form English needs`, () => {
      expect([...expectedPhraseKeys(source, FALLBACK_LANGUAGE).keys()].sort()).toEqual(
        [...source.keys()].sort(),
      );
    });

    it.each(others)(
      `${ns}.json of %s has the English keys (plural forms of its own), no others, and the same placeholders`,
      (language) => {
        const tree = readTree(language, ns);
        expect(tree, `${language}/${ns}.json is missing or not JSON`).not.toBeNull();
        const target = flattenPhrases(tree ?? {});
        const expected = expectedPhraseKeys(source, language);
        expect([...target.keys()].sort()).toEqual([...expected.keys()].sort());
        for (const [key, owed] of expected) {
          const translated = target.get(key) ?? '';
          const where = `${language} ${ns}:${key}`;
          expect(translated.trim(), `${where} is empty`).not.toBe('');
          expect(phrasePlaceholders(translated), where).toEqual(placeholdersOwed(owed, language, translated));
        }
      },
    );
  }
});
