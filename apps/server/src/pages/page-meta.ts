import fs from 'node:fs';
import path from 'node:path';
import { FALLBACK_LANGUAGE, TRANSLATION_LOCALES, type RouteId } from '@gatehouse/contract';

/**
 * The page's `<meta name="description">`, from the `meta` namespace of the web's locale files
 * (`{localesDir}/{lng}/meta.json`: `{ "description": { "<route id>": "…", "not-found": "…" } }`), so
 * translators find it with every other phrase. Only the server reads it: the app never downloads it.
 * `{{product}}` is the brand name. A missing text falls back to English.
 */
export type DescriptionKey = RouteId | 'not-found';

interface MetaNamespace {
  description?: Partial<Record<string, unknown>>;
}

export interface PageMeta {
  description(translationLocale: string, key: DescriptionKey): string | null;
}

// Only known translation locales reach the file system: a locale comes from the URL.
const KNOWN: ReadonlySet<string> = new Set(TRANSLATION_LOCALES);

export function createPageMeta(localesDir: string, product: string): PageMeta {
  const files = new Map<string, MetaNamespace>();
  const load = (locale: string): MetaNamespace => {
    let file = files.get(locale);
    if (!file) {
      try {
        file = JSON.parse(
          fs.readFileSync(path.join(localesDir, locale, 'meta.json'), 'utf8'),
        ) as MetaNamespace;
      } catch {
        file = {};
      }
      files.set(locale, file);
    }
    return file;
  };
  return {
    description(translationLocale, key) {
      const chain = KNOWN.has(translationLocale)
        ? [translationLocale, FALLBACK_LANGUAGE]
        : [FALLBACK_LANGUAGE];
      for (const locale of chain) {
        const text = load(locale).description?.[key];
        if (typeof text === 'string' && text !== '') return text.replaceAll('{{product}}', product);
      }
      return null;
    },
  };
}
