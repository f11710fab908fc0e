import {
  categoryIsSingleNumber,
  pluralCategories,
  splitPluralKey,
  type PluralSuffix,
} from './plural-keys.js';

/**
 * What a translated phrase file owes its English source, for the parity tests of the web's
 * phrases and the server's mail texts: the English keys, plural phrases in the language's own
 * forms, and the same placeholders. Pure; the tests read the files.
 */
export type PhraseTree = { readonly [key: string]: string | PhraseTree };

/** Dotted key → phrase. */
export function flattenPhrases(tree: PhraseTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flattenPhrases(value, path)) out.set(k, v);
  }
  return out;
}

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

/** The placeholder names of a phrase, sorted. */
export function phrasePlaceholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '').sort();
}

export interface ExpectedPhrase {
  /** The English phrase whose placeholders the translation keeps (`x_other` for a plural form). */
  english: string;
  /** The plural form this key is, or null for a plain phrase. */
  suffix: PluralSuffix | null;
}

/**
 * The keys `language` must have for the English `source`: every plain key, and for every plural
 * phrase (English has `x_other`) one form per plural category of the language, with `_zero`
 * where English has one.
 */
export function expectedPhraseKeys(
  source: ReadonlyMap<string, string>,
  language: string,
): Map<string, ExpectedPhrase> {
  const out = new Map<string, ExpectedPhrase>();
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

/**
 * The placeholders a translation must have: the English ones, except that a form covering one
 * number only (`one` in English, `two` in Arabic) may spell that number out instead of `{{count}}`.
 */
export function placeholdersOwed(expected: ExpectedPhrase, language: string, translated: string): string[] {
  const wanted = phrasePlaceholders(expected.english);
  const spelledOut =
    expected.suffix !== null &&
    categoryIsSingleNumber(language, expected.suffix) &&
    !phrasePlaceholders(translated).includes('count');
  return spelledOut ? wanted.filter((name) => name !== 'count') : wanted;
}
