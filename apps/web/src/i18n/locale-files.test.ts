import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TRANSLATION_LOCALES } from '@gatehouse/contract';
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

    it.each(others)(
      `${ns}.json of %s has the English keys, no others, and the same placeholders`,
      (language) => {
        const tree = readTree(language, ns);
        expect(tree, `${language}/${ns}.json is missing or not JSON`).not.toBeNull();
        const target = flatten(tree ?? {});
        expect([...target.keys()].sort()).toEqual([...source.keys()].sort());
        for (const [key, text] of source) {
          const translated = target.get(key) ?? '';
          expect(placeholders(translated), `${language} ${ns}:${key}`).toEqual(placeholders(text));
          expect(translated.trim(), `${language} ${ns}:${key} is empty`).not.toBe('');
        }
      },
    );
  }
});
