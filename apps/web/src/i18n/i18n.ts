import { localeFilePath, pluralKeys } from '@gatehouse/contract';
import { DEFAULT_NS, FALLBACK_LANGUAGE, NAMESPACES, type Namespace } from './namespaces';
import { interpolate, type InterpolationValues } from './interpolate';

/** A namespace file: phrases, possibly nested (a dotted key walks into nested objects). */
export type Resource = { readonly [key: string]: string | Resource };

/**
 * `t` options, i18next style: `ns` and `defaultValue` steer the lookup, the rest are interpolation
 * values. A numeric `count` picks the plural form (`key_one`, `key_few`, … by `Intl.PluralRules`)
 * and is shown formatted for the language.
 */
export type TOptions = InterpolationValues & { ns?: Namespace; defaultValue?: string; count?: number };

export type TFunction = (key: string, options?: TOptions) => string;

export type ResourceFetcher = (language: string, ns: Namespace) => Promise<Resource>;

export interface I18nOptions {
  /** Translation locale to start with (a key of `TRANSLATION_LOCALES`, or `en`). */
  language: string;
  /** Loads one file; defaults to `fetch('/locales/{lng}/{ns}.json')` (contract `localeFilePath`). */
  fetchResource?: ResourceFetcher;
}

export interface I18n {
  readonly language: string;
  t: TFunction;
  /** True when the namespace is ready in the current language (and in the fallback). */
  hasLoaded(ns: Namespace): boolean;
  /** Loads namespaces for the current language and the fallback; the same promise while pending. */
  loadNamespaces(ns: readonly Namespace[]): Promise<void>;
  /** Loads every namespace in use for `language` first, then switches, so text never flashes keys. */
  changeLanguage(language: string): Promise<void>;
  /** Called after a language switch or a namespace load; returns an unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Changes on every notification; a React snapshot. */
  readonly version: number;
}

const isNamespace = (value: string): value is Namespace => (NAMESPACES as readonly string[]).includes(value);

/**
 * The default fetcher. A failed or missing file counts as empty, so lookups fall back to English.
 * A plain `fetch` (CORS mode, same-origin credentials): what the server's `<link rel="preload"
 * as="fetch" crossorigin>` for the start files asks for, so the browser hands this call the preload.
 */
export const fetchLocaleFile: ResourceFetcher = async (language, ns) => {
  try {
    const response = await fetch(localeFilePath(language, ns));
    return response.ok ? ((await response.json()) as Resource) : {};
  } catch {
    return {};
  }
};

function lookup(resource: Resource | undefined, key: string): string | undefined {
  if (!resource) return undefined;
  const direct = resource[key];
  if (typeof direct === 'string') return direct;
  let node: string | Resource | undefined = resource;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A count as the language writes numbers (`1 234` in French, `١٢` in Arabic where it is the norm). */
function formatCount(language: string, count: number): string {
  let format = numberFormats.get(language);
  if (!format) {
    try {
      format = new Intl.NumberFormat(language);
    } catch {
      format = new Intl.NumberFormat('en');
    }
    numberFormats.set(language, format);
  }
  return format.format(count);
}

/** Splits `ns:key` the way i18next does, but only for a known namespace, so `code: 10006` stays a key. */
function splitKey(key: string, fallbackNs: Namespace): [Namespace, string] {
  const colon = key.indexOf(':');
  if (colon > 0) {
    const ns = key.slice(0, colon);
    if (isNamespace(ns)) return [ns, key.slice(colon + 1)];
  }
  return [fallbackNs, key];
}

/**
 * A small i18next-compatible translator: same file layout, namespaces, `ns:key`, `{{var}}`
 * interpolation and English fallback, at a fraction of i18next's bytes (the login page budget).
 */
export function createI18n({ language: initial, fetchResource = fetchLocaleFile }: I18nOptions): I18n {
  let language = initial;
  let requested = initial;
  let version = 0;
  const resources = new Map<string, Resource>();
  const pending = new Map<string, Promise<void>>();
  const used = new Set<Namespace>();
  const listeners = new Set<() => void>();

  const fileKey = (lng: string, ns: Namespace) => `${lng}/${ns}`;
  const notify = () => {
    version += 1;
    for (const listener of listeners) listener();
  };

  const loadFile = (lng: string, ns: Namespace): Promise<void> => {
    const id = fileKey(lng, ns);
    if (resources.has(id)) return Promise.resolve();
    let promise = pending.get(id);
    if (!promise) {
      promise = fetchResource(lng, ns)
        .catch((): Resource => ({}))
        .then((resource) => {
          resources.set(id, resource);
          pending.delete(id);
        });
      pending.set(id, promise);
    }
    return promise;
  };

  const languagesFor = (lng: string) => (lng === FALLBACK_LANGUAGE ? [lng] : [lng, FALLBACK_LANGUAGE]);

  const loadFor = (lng: string, namespaces: readonly Namespace[]) =>
    Promise.all(namespaces.flatMap((ns) => languagesFor(lng).map((l) => loadFile(l, ns)))).then(() => {});

  // One promise per namespace set while pending, so React's `use` sees a stable thenable.
  const batches = new Map<string, Promise<void>>();

  const i18n: I18n = {
    get language() {
      return language;
    },
    get version() {
      return version;
    },
    t(key, options) {
      const [ns, bareKey] = splitKey(key, options?.ns ?? DEFAULT_NS);
      const count = options?.count;
      const find = (lng: string) => {
        const resource = resources.get(fileKey(lng, ns));
        if (typeof count !== 'number') return lookup(resource, bareKey);
        for (const candidate of [...pluralKeys(bareKey, lng, count), bareKey]) {
          const text = lookup(resource, candidate);
          if (text !== undefined) return text;
        }
        return undefined;
      };
      const text = find(language) ?? find(FALLBACK_LANGUAGE) ?? options?.defaultValue ?? bareKey;
      if (typeof count !== 'number') return interpolate(text, options);
      return interpolate(text, { ...options, count: formatCount(language, count) });
    },
    hasLoaded(ns) {
      return languagesFor(language).every((lng) => resources.has(fileKey(lng, ns)));
    },
    loadNamespaces(namespaces) {
      for (const ns of namespaces) used.add(ns);
      const missing = namespaces.filter((ns) => !i18n.hasLoaded(ns));
      if (missing.length === 0) return Promise.resolve();
      const id = `${language}|${missing.join(',')}`;
      let batch = batches.get(id);
      if (!batch) {
        batch = loadFor(language, missing).then(() => {
          batches.delete(id);
          notify();
        });
        batches.set(id, batch);
      }
      return batch;
    },
    async changeLanguage(next) {
      requested = next;
      if (next === language) return;
      await loadFor(next, [...used]);
      // A later switch that finished first wins; an earlier one must not overwrite it.
      if (requested !== next) return;
      language = next;
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return i18n;
}
