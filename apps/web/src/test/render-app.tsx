import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SITES, textDirection, translationLocale, type SiteId } from '@gatehouse/contract';
import { act, render, waitFor, type RenderResult } from '@testing-library/react';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../app/app';
import type { AppBootstrap } from '../app/bootstrap';
import { parsePageLocation } from '../lib/page-location';
import { createI18n, type I18n, type Resource } from '../i18n';
import { LOCALES_DIR } from './locales-dir';

export const TEST_PRODUCT = 'Acme';

/** A bootstrap as the server would inline it for `site` and `locale`. */
export function testBootstrap(site: SiteId = 'global', overrides: Partial<AppBootstrap> = {}): AppBootstrap {
  const locale = overrides.locale ?? SITES[site].defaultLanguage;
  return {
    site,
    env: 'test',
    locale,
    translationLocale: translationLocale(locale),
    dir: textDirection(locale),
    origin: 'http://localhost:3000',
    siteDefinition: SITES[site],
    apiBase: '/x-api',
    product: TEST_PRODUCT,
    brandDomains: [],
    ...overrides,
  };
}

/** Loads phrases from `public/locales` on disk, so tests see the real English (and other) texts. */
export async function readLocaleFile(language: string, ns: string): Promise<Resource> {
  try {
    return JSON.parse(await readFile(join(LOCALES_DIR, language, `${ns}.json`), 'utf8')) as Resource;
  } catch {
    return {};
  }
}

export interface RenderedApp extends RenderResult {
  i18n: I18n;
  location: ReturnType<typeof memoryLocation> & { history: string[] };
  /** Navigates and waits until the new page and its language are in. */
  navigate(path: string): Promise<void>;
  /** Waits until lazy pages, phrases and a pending language switch are done. */
  settle(): Promise<void>;
}

/** Renders the whole app at `path` (may include a query) and waits until lazy pages and phrases are in. */
export async function renderApp(
  path: string,
  bootstrap: AppBootstrap = testBootstrap(),
): Promise<RenderedApp> {
  const i18n = createI18n({ language: bootstrap.translationLocale, fetchResource: readLocaleFile });
  const location = memoryLocation({ path, record: true });
  let result: RenderResult | undefined;
  // React 19 retries suspended trees only inside an awaited act scope in tests.
  await act(async () => {
    result = render(<App bootstrap={bootstrap} i18n={i18n} location={location} />);
  });
  if (!result) throw new Error('render failed');
  const { container } = result;

  const settle = () =>
    waitFor(() => {
      const pathname = location.history.at(-1)?.split('?')[0] ?? '/';
      const language = translationLocale(parsePageLocation(bootstrap.siteDefinition, pathname).locale);
      if (!container.querySelector('.gh-app') || container.querySelector('.gh-loading')) {
        throw new Error('the page is still loading');
      }
      if (i18n.language !== language || document.documentElement.lang !== language) {
        throw new Error(`the language is ${i18n.language}, not yet ${language}`);
      }
    });

  await settle();
  return {
    ...result,
    i18n,
    location,
    settle,
    navigate: async (to) => {
      await act(async () => location.navigate(to));
      await settle();
    },
  };
}
