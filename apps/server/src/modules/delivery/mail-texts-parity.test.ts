import fs from 'node:fs';
import path from 'node:path';
import {
  categoryIsSingleNumber,
  pluralCategories,
  splitPluralKey,
  TRANSLATION_LOCALES,
  type PluralSuffix,
} from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { SERVER_LOCALES_DIR } from '../../config/repo-paths.js';
import { DELIVERY_KINDS } from './delivery-types.js';

/**
 * The server's mail and SMS texts in every translation locale the web serves: the English keys
 * (plural units in the language's own forms), nothing else, and the same placeholders, so a mail is
 * never half English or missing its code or link (issue 19).
 */
type Tree = { [key: string]: string | Tree };

const read = (locale: string): Tree | null => {
  try {
    return JSON.parse(fs.readFileSync(path.join(SERVER_LOCALES_DIR, locale, 'mail.json'), 'utf8')) as Tree;
  } catch {
    return null;
  }
};

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(at, value);
    else for (const [k, v] of flatten(value, at)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.-]+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Each key a locale must have, with the English text whose placeholders it keeps. */
function expected(source: Map<string, string>, locale: string) {
  const out = new Map<string, { english: string; suffix: PluralSuffix | null }>();
  for (const [key, text] of source) {
    const plural = splitPluralKey(key);
    if (!plural || !source.has(`${plural.base}_other`)) {
      out.set(key, { english: text, suffix: null });
      continue;
    }
    const english = source.get(`${plural.base}_other`) ?? '';
    for (const suffix of pluralCategories(locale)) out.set(`${plural.base}_${suffix}`, { english, suffix });
  }
  return out;
}

const english = flatten(read('en') ?? {});

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
      const target = flatten(tree ?? {});
      const wanted = expected(english, locale);
      expect([...target.keys()].sort()).toEqual([...wanted.keys()].sort());
      for (const [key, { english: text, suffix }] of wanted) {
        const translated = target.get(key) ?? '';
        const where = `${locale} mail:${key}`;
        expect(translated.trim(), `${where} is empty`).not.toBe('');
        const found = placeholders(translated);
        const want = placeholders(text);
        if (suffix && categoryIsSingleNumber(locale, suffix) && !found.includes('count'))
          expect(found, where).toEqual(want.filter((name) => name !== 'count'));
        else expect(found, where).toEqual(want);
      }
    },
  );
});
