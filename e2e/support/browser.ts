// Real Chromium (Debian's, found by scripts/test.mjs) driven through playwright-core, which cannot
// download its own browsers here. One browser per spec file; a fresh context per test keeps cookies apart.
import { existsSync } from 'node:fs';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { inject } from 'vitest';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function chromePath(): string {
  const path = process.env.CHROME_PATH;
  if (path) return path;
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('Chromium not found: set CHROME_PATH (npm test finds or installs it for you).');
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromePath(), headless: true, args: chromiumArgs });
}

/** Contexts default to an en-US browser so the global site's language does not depend on the machine. */
export function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ locale: 'en-US', ...options });
}

/**
 * URL of a page on one of the local site hosts: `siteUrl('eu', '/')` → `http://eu.localhost:PORT/`,
 * `siteUrl('global', '/en/login')` (or `''`/`null`) → `http://localhost:PORT/en/login`,
 * `siteUrl('testnet.eu', '/')` → `http://testnet.eu.localhost:PORT/`. Chromium resolves *.localhost to
 * loopback by itself, so no hosts file is needed.
 */
export function siteUrl(label: string | null, path = '/'): string {
  const host = !label || label === 'global' ? 'localhost' : `${label}.localhost`;
  return `http://${host}:${inject('port')}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Opens a new page in `context` at `siteUrl(label, path)` and returns it once loaded. */
export async function openSite(context: BrowserContext, label: string | null, path = '/'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(siteUrl(label, path), { waitUntil: 'load' });
  return page;
}
