import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The web app's phrase files; the English error texts are the server's ret_msg source. */
export const DEFAULT_LOCALES_DIR = fileURLToPath(new URL('../../../web/public/locales', import.meta.url));
export const ERROR_NAMESPACE = 'inverse-error-code';

export interface ErrorMessages {
  /** Text for `code` in `lang` (the Lang header), falling back to English, then to a generic text. */
  text(code: number, lang?: string): string;
}

type Table = Readonly<Record<string, string>>;

function readTable(file: string): Table | null {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    return Object.fromEntries(
      Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  } catch {
    return null;
  }
}

/**
 * Load the English table now (it must exist: a missing file is a broken build) and other
 * languages on first use, each read once and kept. Only folders that exist at start are
 * candidates, so a client cannot grow the cache or reach outside the folder with its Lang header.
 */
export function loadErrorMessages(localesDir: string = DEFAULT_LOCALES_DIR): ErrorMessages {
  const english = readTable(path.join(localesDir, 'en', `${ERROR_NAMESPACE}.json`));
  if (!english) throw new Error(`English error messages missing in ${localesDir}`);

  // lower-cased folder name → folder name, e.g. "zh-tw" → "zh-TW".
  const folders = new Map<string, string>();
  for (const entry of fs.readdirSync(localesDir, { withFileTypes: true })) {
    if (entry.isDirectory()) folders.set(entry.name.toLowerCase(), entry.name);
  }
  const tables = new Map<string, Table | null>([['en', english]]);

  const tableFor = (lang: string): Table | null => {
    const folder = folders.get(lang.toLowerCase());
    if (!folder) return null;
    if (!tables.has(folder))
      tables.set(folder, readTable(path.join(localesDir, folder, `${ERROR_NAMESPACE}.json`)));
    return tables.get(folder) ?? null;
  };

  return {
    text(code, lang) {
      const key = String(code);
      if (lang) {
        // "de-DE" → try "de-DE", then "de".
        for (const candidate of [lang, lang.split(/[-_]/, 1)[0] ?? '']) {
          const hit = candidate ? tableFor(candidate)?.[key] : undefined;
          if (hit) return hit;
        }
      }
      return english[key] ?? `Error ${key}`;
    },
  };
}
