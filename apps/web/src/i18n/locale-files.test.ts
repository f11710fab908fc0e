import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  categoryIsSingleNumber,
  pluralCategories,
  splitPluralKey,
  TRANSLATION_LOCALES,
  type PluralSuffix,
} from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { placeholders } from './interpolate';
import { LOCALES_DIR as root } from '../test/locales-dir';
import { FALLBACK_LANGUAGE, NAMESPACES } from './namespaces';

type Tree = { [key: string]: string | Tree };

function readTree(language: string, ns: string): Tree | null {
  try {
    return JSON.parse(readFileSync(join(root, language, `${ns}.json`), 'utf8')) as Tree;
  } catch {
    return null;
  }
}

/** Dotted key → phrase. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/**
 * The keys a language must have for the English source: every plain key, and for every plural
 * phrase (English has `x_other`) one form per plural category of that language, with `_zero` where
 * English has one. Each key maps to the English phrase whose placeholders it must keep.
 */
function expectedKeys(
  source: Map<string, string>,
  language: string,
): Map<string, { english: string; suffix: PluralSuffix | null }> {
  const out = new Map<string, { english: string; suffix: PluralSuffix | null }>();
  for (const [key, text] of source) {
    const plural = splitPluralKey(key);
    if (!plural || !source.has(`${plural.base}_other`)) {
      out.set(key, { english: text, suffix: null });
      continue;
    }
    const english = source.get(`${plural.base}_other`) ?? '';
    const suffixes: PluralSuffix[] = [...pluralCategories(language)];
    if (source.has(`${plural.base}_zero`)) suffixes.push('zero');
    for (const suffix of suffixes) out.set(`${plural.base}_${suffix}`, { english, suffix });
  }
  return out;
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
    const source = flatten(english);

    it(`${ns}.json in English has every plural form English needs`, () => {
      expect([...expectedKeys(source, FALLBACK_LANGUAGE).keys()].sort()).toEqual([...source.keys()].sort());
    });

    it.each(others)(
      `${ns}.json of %s has the English keys (plural forms of its own), no others, and the same placeholders`,
      (language) => {
        const tree = readTree(language, ns);
        expect(tree, `${language}/${ns}.json is missing or not JSON`).not.toBeNull();
        const target = flatten(tree ?? {});
        const expected = expectedKeys(source, language);
        expect([...target.keys()].sort()).toEqual([...expected.keys()].sort());
        for (const [key, { english: text, suffix }] of expected) {
          const translated = target.get(key) ?? '';
          const where = `${language} ${ns}:${key}`;
          expect(translated.trim(), `${where} is empty`).not.toBe('');
          const wanted = placeholders(text);
          const found = placeholders(translated);
          // A form for exactly one number ("one", "two", "zero" where only 1, 2 or 0 fall in it) may
          // say the number in words; any other form must show the count.
          if (suffix && categoryIsSingleNumber(language, suffix) && !found.includes('count'))
            expect(found, where).toEqual(wanted.filter((name) => name !== 'count'));
          else expect(found, where).toEqual(wanted);
        }
      },
    );
  }
});
