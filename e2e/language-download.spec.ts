// Issue 15 "Also": a returning visitor gets the language they chose ({PRODUCT}_LANG_KEY), not the
// browser's; /{lang}/download is a real page with the app-store links.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, openSite, siteUrl } from './support/browser.js';
import { E2E_APP_DOWNLOAD_ENV } from './support/global-setup.js';

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  // A Japanese browser: without a remembered choice the global site answers in Japanese.
  context = await newContext(browser, { locale: 'ja-JP' });
});
afterEach(async () => {
  await context?.close();
});

const path = (page: Page) => new URL(page.url()).pathname;

describe('the chosen language is read back', () => {
  it('a visitor who chose German comes back to German at /, not to the browser language', async () => {
    const page = await openSite(context, 'global', '/');
    expect(path(page)).toBe('/ja-JP/login');
    await page
      .getByRole('banner')
      .getByRole('combobox', { name: /language|言語/i })
      .selectOption('de-DE');
    await page.waitForURL((url) => url.pathname === '/de-DE/login');

    const again = await openSite(context, 'global', '/');
    expect(path(again)).toBe('/de-DE/login');
    expect(await again.locator('html').getAttribute('lang')).toMatch(/^de/);
    expect(await again.evaluate(() => localStorage.getItem('GATEHOUSE_LANG_KEY'))).toBe('de-DE');
  });

  it('a choice the site does not offer falls back to the browser language there', async () => {
    await context.addCookies([{ name: 'GATEHOUSE_LANG_KEY', value: 'de-DE', url: siteUrl('tr', '/') }]);
    const page = await openSite(context, 'tr', '/');
    expect(path(page)).not.toContain('de-DE');
  });
});

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('/{lang}/download', () => {
  it('a phone gets a real page with its own store link (no 404), and can continue on the web', async () => {
    const phone = await newContext(browser, {
      locale: 'en-US',
      userAgent: IPHONE,
      viewport: { width: 390, height: 844 },
    });
    try {
      const page = await openSite(phone, 'global', '/download');
      expect(path(page)).toBe('/en/download');
      await page.getByRole('heading', { level: 1, name: 'Get the app' }).waitFor();
      const store = page.getByRole('link', { name: 'Download on the App Store' });
      expect(await store.getAttribute('href')).toBe(E2E_APP_DOWNLOAD_ENV.APP_DOWNLOAD_IOS_URL);
      expect(await page.getByRole('link', { name: 'Get it on Google Play' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Continue on the web' }).getAttribute('href')).toBe(
        '/en/dashboard',
      );
    } finally {
      await phone.close();
    }
  });

  it('a desktop sees every store', async () => {
    const desktop = await newContext(browser, { locale: 'en-US' });
    try {
      const page = await openSite(desktop, 'global', '/en/download');
      await page.getByRole('link', { name: 'Get it on Google Play' }).waitFor();
      expect(await page.getByRole('link', { name: 'Download on the App Store' }).count()).toBe(1);
    } finally {
      await desktop.close();
    }
  });
});
