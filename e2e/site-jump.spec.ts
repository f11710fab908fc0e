// Site jump after login (issue 13, spec §4; docs/flows/compliance.md): a user whose KYC country
// belongs to the Netherlands site logs in on the main site and lands on the Netherlands site, still
// logged in (quick login's one-time token carries the session across). KYC is set as `npm run kyc`
// does, on the server's own store.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../apps/server/src/config/index.js';
import { connectDb, type Db } from '../apps/server/src/db/connect.js';
import { createAccountsRepository } from '../apps/server/src/modules/accounts/accounts.repository.js';
import { createKycAdmin } from '../apps/server/src/modules/compliance/kyc-admin.js';
import { logIn, signUp, uniqueEmail } from './support/auth-flow.js';
import { launchBrowser, newContext, openSite } from './support/browser.js';
import { repoRoot } from './support/server-process.js';

let browser: Browser;
let context: BrowserContext;
let db: Db;

beforeAll(async () => {
  browser = await launchBrowser();
  const config = loadConfig(inject('serverStoreEnv'), repoRoot, { sharedKeys: false });
  db = connectDb(config.database);
  context = await newContext(browser);
});
afterAll(async () => {
  await context?.close();
  await db?.destroy();
  await browser?.close();
});

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await page.waitForURL((url) => url.pathname.endsWith('/login'));
}

describe('site jump', () => {
  it('moves a Dutch-KYC user from the main site to the Netherlands site, still logged in', async () => {
    const email = uniqueEmail('jump');
    const page = await openSite(context, 'global', '/en/register');
    await signUp(page, { email, residence: 'GB' });
    await page.waitForURL((url) => url.pathname === '/en/dashboard');
    await logOut(page);

    await createKycAdmin(createAccountsRepository(db)).set(email, { level: 1, country: 'NL' });

    await page.goto(new URL('/en/login?ref=jump', page.url()).toString());
    await logIn(page, email);
    await page.waitForURL((url) => url.hostname === 'nl.localhost' && url.pathname.endsWith('/dashboard'), {
      timeout: 20_000,
    });
    // Logged in there: the dashboard shows the account, not the login page.
    await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('tmp_token')).toBeNull();
  });

  it('leaves a British-KYC user on the main site', async () => {
    const email = uniqueEmail('nojump');
    const page = await openSite(context, 'global', '/en/register');
    await signUp(page, { email, residence: 'GB' });
    await page.waitForURL((url) => url.pathname === '/en/dashboard');
    await logOut(page);
    await createKycAdmin(createAccountsRepository(db)).set(email, { level: 1, country: 'GB' });
    await page.goto(new URL('/en/login', page.url()).toString());
    await logIn(page, email);
    await page.waitForURL((url) => url.hostname === 'localhost' && url.pathname === '/en/dashboard');
  });
});
