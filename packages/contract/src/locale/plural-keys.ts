/**
 * Plural phrases, i18next style: one key per CLDR plural category of the language
 * (`left_one`, `left_few`, `left_many`, `left_other`), chosen with `Intl.PluralRules`, and an
 * optional `_zero` form that any language may add for a count of 0. The web's translator and the
 * server's message texts both pick with this, so a phrase reads the same in a page and in a mail.
 */
export const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralSuffix = (typeof PLURAL_SUFFIXES)[number];

const rules = new Map<string, Intl.PluralRules>();

function pluralRules(language: string): Intl.PluralRules {
  let rule = rules.get(language);
  if (!rule) {
    // An unknown or malformed tag must not throw in a page: fall back to English's rules.
    try {
      rule = new Intl.PluralRules(language);
    } catch {
      rule = new Intl.PluralRules('en');
    }
    rules.set(language, rule);
  }
  return rule;
}

/** The categories a language's phrases must have (`en`: one, other; `ru`: one, few, many, other). */
export function pluralCategories(language: string): PluralSuffix[] {
  const categories = pluralRules(language).resolvedOptions().pluralCategories as PluralSuffix[];
  return PLURAL_SUFFIXES.filter((suffix) => categories.includes(suffix));
}

/** The keys to try for `count`, best first: `_zero` for 0, the count's category, then `_other`. */
export function pluralKeys(key: string, language: string, count: number): string[] {
  const category = pluralRules(language).select(count) as PluralSuffix;
  return [...new Set([...(count === 0 ? [`${key}_zero`] : []), `${key}_${category}`, `${key}_other`])];
}

const SUFFIXED = new RegExp(`^(.+)_(${PLURAL_SUFFIXES.join('|')})$`);

/** `left_few` → { base: 'left', suffix: 'few' }; null for a key that is not a plural form. */
export function splitPluralKey(key: string): { base: string; suffix: PluralSuffix } | null {
  const match = SUFFIXED.exec(key);
  return match ? { base: match[1] ?? '', suffix: match[2] as PluralSuffix } : null;
}

/**
 * Whether a category covers more than one whole number in a language (`one` in Russian: 1, 21,
 * 31…): there a phrase must show the count, as it cannot say "one" in words.
 */
export function categoryIsSingleNumber(language: string, suffix: PluralSuffix): boolean {
  if (suffix === 'zero') return true;
  const rule = pluralRules(language);
  let seen = 0;
  for (let n = 0; n <= 200 && seen < 2; n++) if (rule.select(n) === suffix) seen++;
  return seen === 1;
}
