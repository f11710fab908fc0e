// The foundation, seen from a real browser: every site lands on its default-language login page,
// the language switcher, right-to-left Arabic, the cookie banner, security headers, accessibility, 404.
import { SITE_LIST, type SiteDefinition } from '@gatehouse/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { launchBrowser, newContext, openSite, siteUrl } from './support/browser.js';

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  context = await newContext(browser);
});
afterEach(async () => {
  await context?.close();
});

const path = (page: Page) => new URL(page.url()).pathname;

describe('each site lands on its default-language login page', () => {
  // A browser language no site offers, so each site shows its own default (global: en).
  it.each(SITE_LIST.map((site) => [site.localLabel ?? 'localhost', site] as [string, SiteDefinition]))(
    '%s',
    async (_host, site) => {
      const swahili = await newContext(browser, { locale: 'sw-KE' });
      try {
        const page = await openSite(swahili, site.localLabel, '/');
        expect(path(page)).toBe(`/${site.defaultLanguage}/login`);
        expect(await page.locator('html').getAttribute('lang')).toBeTruthy();
        await page.getByRole('heading', { level: 1 }).first().waitFor();
      } finally {
        await swahili.close();
      }
    },
  );

  it('an en-US browser gets English on global and the English variant of a regional site', async () => {
    expect(path(await openSite(context, 'global', '/'))).toBe('/en/login');
    const japan = SITE_LIST.find((site) => site.localLabel === 'jp');
    const english = japan?.languages.find((locale) => locale.startsWith('en-'));
    expect(path(await openSite(context, 'jp', '/'))).toBe(`/${english}/login`);
  });
});

describe('language', () => {
  it('the header switcher changes the URL prefix and the text', async () => {
    const page = await openSite(context, 'eu', '/en-EU/login');
    const heading = page.getByRole('heading', { level: 1 });
    const before = (await heading.textContent())?.trim();
    await chooseLanguage(page, 'de-DE');
    await page.waitForURL((url) => url.pathname === '/de-DE/login');
    await expect.poll(async () => (await heading.textContent())?.trim()).not.toBe(before);
    expect(await page.locator('html').getAttribute('lang')).toMatch(/^de/);
  });

  it('Arabic on the UAE site renders right to left', async () => {
    const page = await openSite(context, 'ae', '/ar-ARE/login');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const english = await openSite(context, 'ae', '/en-ARE/login');
    expect(await english.locator('html').getAttribute('dir')).toBe('ltr');
  });
});

describe('page shell', () => {
  it('the cookie banner stays gone once accepted', async () => {
    const page = await openSite(context, 'global', '/en/login');
    const banner = cookieBanner(page);
    await banner.waitFor({ state: 'visible' });
    await banner.getByRole('button', { name: /accept/i }).click();
    await banner.waitFor({ state: 'hidden' });
    await page.reload({ waitUntil: 'load' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The shell adds the banner once the page is idle: wait until nothing loads any more.
    await page.waitForLoadState('networkidle');
    expect(await cookieBanner(page).isVisible()).toBe(false);
  });

  it('pages carry the security headers', async () => {
    const page = await context.newPage();
    const response = await page.goto(siteUrl('eu', '/en-EU/login'));
    const headers = response?.headers() ?? {};
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toMatch(/default-src/);
    expect(csp).toMatch(/frame-ancestors/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBeTruthy();
  });

  it('the login page has no axe violations', async () => {
    const page = await openSite(context, 'global', '/en/login');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expectNoAxeViolations(page);
  });

  it('an unknown path shows the 404 page with status 404', async () => {
    const page = await context.newPage();
    const response = await page.goto(siteUrl('global', '/en/no-such-page'));
    expect(response?.status()).toBe(404);
    await expect
      .poll(async () => (await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '')
      .toMatch(/not found|404/i);
  });
});

describe('first load (issue 12)', () => {
  it.each([
    ['login', '/en/login'],
    ['sign-up', '/en/register'],
    ['sign-up in Japanese', '/ja-JP/register'],
  ])(
    'the %s page fetches its chunks and translations beside the entry, each once, without a console error',
    async (_name, pagePath) => {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      const label = pagePath.startsWith('/ja-JP') ? 'jp' : 'global';
      const response = await page.goto(siteUrl(label, pagePath));
      const html = (await response?.text()) ?? '';
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');

      const named = (rel: string) =>
        [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]* href="([^"]+)"`, 'g'))].map((m) => m[1] ?? '');
      const translations = named('preload');
      expect(translations.length).toBeGreaterThanOrEqual(2);
      if (pagePath === '/en/register') expect(named('modulepreload').length).toBeGreaterThan(0);
      // What the HTML names is what the page uses: each file fetched, and fetched only once.
      for (const file of [...translations, ...named('modulepreload')]) {
        expect(
          requested.filter((url) => url === file),
          file,
        ).toHaveLength(1);
      }
      const repeated = requested.filter(
        (url, i) => /\.(?:js|css|json)$/.test(url) && requested.indexOf(url) !== i,
      );
      expect(repeated).toEqual([]);
      expect(html).toMatch(/<meta name="description" content="[^"]+" \/>/);
      expect(errors).toEqual([]);
    },
  );

  it('the icon is a small SVG the page names, so the browser asks for no favicon.ico', async () => {
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(siteUrl('global', '/en/login'));
    await page.waitForLoadState('networkidle');
    const icon = await page.request.get(siteUrl('global', '/favicon.svg'));
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('image/svg+xml');
    expect(requested).not.toContain('/favicon.ico');
  });
});

/** The consent banner, found by its accessible name whatever element the shell uses for it. */
function cookieBanner(page: Page) {
  return page.getByRole('region', { name: /cookie/i }).or(page.getByRole('dialog', { name: /cookie/i }));
}

/** Picks a language in the header's switcher: a native select, or a button that opens a list. */
async function chooseLanguage(page: Page, locale: string): Promise<void> {
  const header = page.getByRole('banner');
  const select = header.getByRole('combobox', { name: /language/i });
  if ((await select.count()) > 0) {
    await select.selectOption(locale);
    return;
  }
  await header.getByRole('button', { name: /language/i }).click();
  await page.locator(`[lang="${locale}"], [data-locale="${locale}"], [hreflang="${locale}"]`).first().click();
}
