// Quick login and the end of a session, seen from a browser (issue 15): a token minted on the global
// site logs in on the EU site once; a revoked session sends an open dashboard to login with the way
// back (10006); a logout in one tab logs out the others.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { logIn, signUp, uniqueEmail } from './support/auth-flow.js';
import { launchBrowser, newContext, openSite } from './support/browser.js';

const SPENT = 'This quick-login link has already been used or has expired. Please log in with your password.';

let browser: Browser;
let contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(() => {
  contexts = [];
});
afterEach(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

/** A browser of its own (cookies and storage apart). */
async function aBrowser(): Promise<BrowserContext> {
  const context = await newContext(browser);
  contexts.push(context);
  return context;
}

/** A new account on the global site, left on its dashboard. */
async function signedUp(context: BrowserContext, tag: string): Promise<{ email: string; page: Page }> {
  const email = uniqueEmail(tag);
  const page = await openSite(context, 'global', '/en/register');
  await signUp(page, { email, residence: 'GB' });
  await page.waitForURL((url) => url.pathname === '/en/dashboard');
  await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
  return { email, page };
}

/** `quick_token` from a logged-in page, as an app of the exchange would call it. */
function mintQuickToken(page: Page, siteId: string): Promise<string> {
  return page.evaluate(async (site_id) => {
    const res = await fetch('/x-api/user/private/quick_token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', platform: 'pc' },
      body: JSON.stringify({ site_id }),
    });
    return ((await res.json()) as { result: { tmp_token: string } }).result.tmp_token;
  }, siteId);
}

describe('quick login', () => {
  it('logs in on the EU site with a token minted on the global site, once', async () => {
    const context = await aBrowser();
    const { page: global } = await signedUp(context, 'quick');
    const token = await mintQuickToken(global, 'EU');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The EU site has its own (host-only) session cookie: this browser is not logged in there yet.
    const eu = await openSite(context, 'eu', `/en-EU/login?tmp_token=${token}`);
    await eu.waitForURL((url) => url.pathname === '/en-EU/dashboard');
    await eu.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    expect(eu.url()).not.toContain(token);

    // The same link again, in another browser: spent, so the form with the reason.
    const stranger = await openSite(await aBrowser(), 'eu', `/en-EU/login?tmp_token=${token}`);
    await stranger.getByText(SPENT).waitFor();
    await stranger.getByRole('button', { name: 'Log in' }).waitFor();
    expect(new URL(stranger.url()).pathname).toBe('/en-EU/login');
    expect(stranger.url()).not.toContain(token);
  });
});

describe('the end of a session', () => {
  it('sends an open dashboard to login with the way back once its sessions are revoked, and back after login', async () => {
    const context = await aBrowser();
    const { email, page } = await signedUp(context, 'kicked');

    // Another browser of the same account logs out everywhere.
    const other = await openSite(await aBrowser(), 'global', '/en/login');
    await logIn(other, email);
    await other.waitForURL((url) => url.pathname === '/en/dashboard');
    await other.getByRole('button', { name: 'Log out everywhere' }).click();
    await other
      .getByRole('dialog', { name: 'Log out everywhere?' })
      .getByRole('button', { name: 'Log out everywhere' })
      .click();
    await other.waitForURL((url) => url.pathname === '/en/login');

    // The first browser's next call answers 10006: off to login, with the dashboard to come back to.
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/en/login');
    // Exactly where the user was (the sign-up landing's query included).
    expect(new URL(page.url()).searchParams.get('redirect_url')).toBe('/en/dashboard?newUser=true');
    await logIn(page, email);
    await page.waitForURL((url) => url.pathname === '/en/dashboard');
  });

  it('logs out the other tabs when one tab logs out', async () => {
    const context = await aBrowser();
    const { page: first } = await signedUp(context, 'tabs');
    const second = await openSite(context, 'global', '/en/dashboard');
    await second.getByRole('heading', { name: 'Account', exact: true }).waitFor();

    await first.getByRole('button', { name: 'Log out', exact: true }).click();
    await first.waitForURL((url) => url.pathname === '/en/login');
    await second.waitForURL((url) => url.pathname === '/en/login');
    expect(new URL(second.url()).searchParams.get('redirect_url')).toBe('/en/dashboard');
  });
});
