// Ban and self-unblock seen from a browser (issue 15; docs/flows/ban.md): an operator bans an account
// with the CLI's service (scripts/ban.ts uses the same one); within 24 h the login shows the banned
// modal with the ban end in UTC; after 24 h it goes to /self-unblock, where a code from the outbox
// and the captcha lift the ban, and the login works again.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../apps/server/src/config/index.js';
import { connectDb, type Db } from '../apps/server/src/db/connect.js';
import { createBanAdmin, type BanAdmin } from '../apps/server/src/modules/bans/ban-admin.js';
import {
  acceptCookies,
  logIn,
  outboxCode,
  PASSWORD,
  signUp,
  solveCaptchaIfShown,
  uniqueEmail,
} from './support/auth-flow.js';
import { launchBrowser, newContext, openSite } from './support/browser.js';
import { repoRoot } from './support/server-process.js';

const HOUR = 3_600_000;

let browser: Browser;
let context: BrowserContext;
let db: Db;
let admin: BanAdmin;

beforeAll(async () => {
  browser = await launchBrowser();
  // The server's own store (SQLite under its DATA_DIR, or PostgreSQL on e2e-pg), as `npm run ban` opens it.
  const config = loadConfig(inject('serverStoreEnv'), repoRoot, { sharedKeys: false });
  db = connectDb(config.database);
  admin = createBanAdmin(db);
});
afterAll(async () => {
  await db?.destroy();
  await browser?.close();
});
beforeEach(async () => {
  context = await newContext(browser);
});
afterEach(async () => {
  await context?.close();
});

/**
 * The spec's one account on the global site, signed up on first use and logged out again. Both
 * tests ban it in turn (the admin replaces the ban): one sign-up, not two, in a suite whose sign-ups
 * from one address share the per-address limits.
 */
let shared: Promise<string> | undefined;
const account = (tag: string): Promise<string> => (shared ??= signUpAccount(tag));

async function signUpAccount(tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  const page = await openSite(context, 'global', '/en/register');
  await signUp(page, { email, residence: 'GB' });
  await page.waitForURL((url) => url.pathname === '/en/dashboard');
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/en/login');
  await page.close();
  return email;
}

async function submitLogin(page: Page, email: string): Promise<void> {
  await acceptCookies(page);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await solveCaptchaIfShown(page);
}

describe('banned account', () => {
  it('within 24 h: the login shows the banned modal with the ban end in UTC', async () => {
    const email = await account('ban-modal');
    const until = Date.UTC(2031, 5, 1, 8, 30, 15);
    await admin.ban(email, { reason: 'e2e', until, selfHelp: true, bannedAt: Date.now() - HOUR });

    const page = await openSite(context, 'global', '/en/login');
    await submitLogin(page, email);
    const modal = page.getByRole('dialog', { name: 'Account restricted' });
    await modal.waitFor();
    expect(await modal.textContent()).toContain(
      'This account is restricted until 2031-06-01 08:30:15 (UTC).',
    );
    await modal.getByRole('button', { name: 'OK' }).click();
    expect(new URL(page.url()).pathname).toBe('/en/login');
  });

  it('after 24 h: self-unblock lifts the ban with the code from the outbox, then the login works', async () => {
    const email = await account('ban-lift');
    await admin.unban(email);
    await admin.ban(email, { reason: 'e2e', until: null, selfHelp: true, bannedAt: Date.now() - 25 * HOUR });

    const page = await openSite(context, 'global', '/en/login');
    await submitLogin(page, email);
    await page.waitForURL((url) => url.pathname === '/en/self-unblock' && url.search === '?fromScene=login');
    await page.getByText('This account is restricted until further notice.').waitFor();

    const since = Date.now() - 1000;
    await page.getByRole('button', { name: 'Send code' }).click();
    await solveCaptchaIfShown(page);
    await page.getByLabel('6-digit code').fill(await outboxCode(email, since));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/en/login' && url.search === '?source=self_unblock');
    await page.getByText('Your account is unblocked. You can log in now.').waitFor();
    expect((await admin.show(email)).ban).toBeNull();

    await logIn(page, email);
    await page.waitForURL((url) => url.pathname === '/en/dashboard');
  });
});
