// Regions and compliance in real Chromium (issue 13, docs/flows/compliance.md): the sign-up page's
// residence modals. The visitor's country comes from the trusted proxy header, so this spec runs its
// own server with TRUST_PROXY and sends the header from the browser, as a CDN in front would.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { launchBrowser, newContext } from './support/browser.js';
import { E2E_CAPTCHA_ENV, startBuiltServer, type RunningServer } from './support/server-process.js';

let browser: Browser;
let server: RunningServer | undefined;
let dataDir = '';
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-compliance-'));
  browser = await launchBrowser();
  server = await startBuiltServer({
    env: {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      TRUST_PROXY: 'true',
      ...E2E_CAPTCHA_ENV,
      // e2e-pg: a second instance on the main server's PostgreSQL schema and Redis prefix.
      ...inject('testStoreEnv'),
    },
    stdio: 'ignore',
  });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

const url = (label: string | null, path: string) =>
  `http://${label ? `${label}.` : ''}localhost:${server?.port ?? 0}${path}`;

/** A browser whose requests say it is in `country`, as the trusted proxy would. */
async function visitorFrom(country: string | null): Promise<BrowserContext> {
  const context = await newContext(
    browser,
    country ? { extraHTTPHeaders: { 'x-client-country': country } } : {},
  );
  contexts.push(context);
  return context;
}

async function open(context: BrowserContext, label: string | null, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url(label, path), { waitUntil: 'load' });
  return page;
}

const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });

describe('mainSiteEuResidenceConfirm', () => {
  it('asks an EEA visitor on the main site and sends them to the EU sign-up page, query kept', async () => {
    const page = await open(await visitorFrom('DE'), null, '/en/register?ref=abc');
    const modal = dialog(page, 'Do you live in the European Economic Area?');
    await modal.waitFor({ timeout: 15_000 });
    // The toast "code: message" of spec §8.
    await page.getByText('41122: Do you live in the European Economic Area?').waitFor();
    expect(await modal.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(480);
    await expectNoAxeViolations(page);
    await modal.getByRole('button', { name: 'Go to the EU site' }).click();
    await page.waitForURL((u) => u.hostname === 'eu.localhost' && u.pathname.endsWith('/register'));
    expect(new URL(page.url()).searchParams.get('ref')).toBe('abc');
  });

  it('cancel stays and is not asked again; a visitor outside the EEA is never asked', async () => {
    const context = await visitorFrom('FR');
    const page = await open(context, null, '/en/register');
    const modal = dialog(page, 'Do you live in the European Economic Area?');
    await modal.waitFor({ timeout: 15_000 });
    // Keyboard: Tab to the cancel button, Enter.
    await page.keyboard.press('Tab');
    await modal.getByRole('button', { name: 'I do not live in the EEA' }).focus();
    await page.keyboard.press('Enter');
    await modal.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/en/register');
    await page.reload({ waitUntil: 'networkidle' });
    await page.waitForTimeout(2500);
    expect(await page.getByRole('dialog').count()).toBe(0);

    const british = await open(await visitorFrom('GB'), null, '/en/register');
    await british.waitForLoadState('networkidle');
    await british.waitForTimeout(2500);
    expect(await british.getByRole('dialog').count()).toBe(0);
  });
});

describe('euSiteNoEuResidenceConfirm', () => {
  it('asks a visitor from outside the EEA on the EU site; cancel goes to the global sign-up page', async () => {
    const page = await open(await visitorFrom('GB'), 'eu', '/en-EU/register');
    const modal = dialog(page, 'Do you live in the European Economic Area?');
    await modal.waitFor({ timeout: 15_000 });
    await expectNoAxeViolations(page);
    await modal.getByRole('button', { name: 'Go to the global site' }).click();
    await page.waitForURL((u) => u.hostname === 'localhost' && u.pathname.endsWith('/register'));
  });
});

describe.each([
  ['ge', '/en-GEO/register', 'Do you live in Georgia?', 'Yes, I live in Georgia'],
  ['ae', '/en-ARE/register', 'Do you live in the United Arab Emirates?', 'Yes, I live in the UAE'],
])('%s residence confirmation', (label, path, title, confirm) => {
  it('asks once; a confirmation is stored and honoured', async () => {
    const context = await visitorFrom(null);
    const page = await open(context, label, path);
    const modal = dialog(page, title);
    await modal.waitFor({ timeout: 15_000 });
    await expectNoAxeViolations(page);
    await modal.getByRole('button', { name: confirm }).click();
    await modal.waitFor({ state: 'detached' });
    await page.reload({ waitUntil: 'networkidle' });
    await page.waitForTimeout(2500);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});

describe('residence dropdown (showMode)', () => {
  it('the EU site lists only EEA countries once its guide is in', async () => {
    const page = await open(await visitorFrom('DE'), 'eu', '/en-EU/register');
    const residence = page.getByLabel('Country or region of residence');
    await residence.locator('option[value="FR"]').waitFor({ state: 'attached' });
    await page.waitForFunction(
      () => !document.querySelector('select[name="residence_country"] option[value="GB"]'),
      null,
      {
        timeout: 15_000,
      },
    );
    expect(await residence.locator('option[value="DE"]').count()).toBe(1);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
