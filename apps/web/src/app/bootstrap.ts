import { API_BASE, BOOTSTRAP_ELEMENT_ID, SITES, textDirection } from '@gatehouse/contract';
import type { AppBootstrap } from '../lib/bootstrap-context';

export type { AppBootstrap };

export class BootstrapError extends Error {
  override name = 'BootstrapError';
}

/**
 * Reads the JSON data block the server inlines (`<script type="application/json" id="gh-bootstrap">`).
 * Without it the app cannot know its site, so production fails loudly instead of guessing.
 */
export function readBootstrap(doc: Document = document): AppBootstrap {
  const element = doc.getElementById(BOOTSTRAP_ELEMENT_ID);
  if (!element?.textContent) {
    if (import.meta.env.DEV) return developmentBootstrap(doc);
    throw new BootstrapError(
      `Missing <script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">: serve the app through the Gatehouse server, not a static file server.`,
    );
  }
  try {
    return JSON.parse(element.textContent) as AppBootstrap;
  } catch (cause) {
    throw new BootstrapError(`The #${BOOTSTRAP_ELEMENT_ID} block is not valid JSON`, { cause });
  }
}

/**
 * Only for a page opened without the server in development (the dev server normally inlines the block):
 * the global site in English, so a component can still be looked at. Said out loud, never silent.
 */
function developmentBootstrap(doc: Document): AppBootstrap {
  console.warn(`#${BOOTSTRAP_ELEMENT_ID} is missing; using a development bootstrap for the global site.`);
  const origin = doc.location?.origin ?? 'http://localhost';
  return {
    site: 'global',
    env: 'test',
    locale: 'en',
    translationLocale: 'en',
    dir: textDirection('en'),
    origin,
    siteDefinition: SITES.global,
    apiBase: API_BASE,
    product: 'Gatehouse',
    brandDomains: [],
  };
}
