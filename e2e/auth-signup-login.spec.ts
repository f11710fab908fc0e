// Sign up and log in for real (issue 4): the code comes from the dev outbox, the account lands where
// spec §2 says (global: dashboard?newUser=true; EU: the personal KYC page), logs out and logs in again.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { logIn, signUp, uniqueEmail, uniqueUkMobile } from './support/auth-flow.js';
import { launchBrowser, newContext, openSite } from './support/browser.js';

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

const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

async function logOut(page: Page, loginPath: string): Promise<void> {
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await page.waitForURL((url) => url.pathname === loginPath);
}

describe('global site', () => {
  it('signs up by e-mail, lands on the dashboard as a new user, logs out and logs in again', async () => {
    const email = uniqueEmail('global');
    const page = await openSite(context, 'global', '/en/register');
    await expectNoAxeViolations(page);
    await signUp(page, { email, residence: 'GB' });

    await page.waitForURL((url) => url.pathname === '/en/dashboard');
    expect(pathAndQuery(page)).toBe('/en/dashboard?newUser=true');
    await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    const masked = `${email.slice(0, 3)}***@example.com`;
    await page.getByText(masked).first().waitFor();
    await expectNoAxeViolations(page);

    await logOut(page, '/en/login');
    await expectNoAxeViolations(page);
    await logIn(page, email);
    await page.waitForURL((url) => url.pathname === '/en/dashboard');
    expect(pathAndQuery(page)).toBe('/en/dashboard');
    await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
  });

  it('a demo-account login says so on the login page and on the dashboard it lands on', async () => {
    const email = uniqueEmail('demo');
    const signup = await openSite(context, 'global', '/en/register');
    await signUp(signup, { email, residence: 'GB' });
    await signup.waitForURL((url) => url.pathname === '/en/dashboard');
    await logOut(signup, '/en/login');

    const page = await openSite(context, 'global', '/en/login?demoAccount=true');
    await page.getByText(/You are logging in to your demo trading account \(testnet\)/).waitFor();
    await expectNoAxeViolations(page);
    await logIn(page, email);
    await page.waitForURL((url) => url.pathname === '/en/dashboard');
    expect(pathAndQuery(page)).toBe('/en/dashboard?demoAccount=true');
    await page.getByText(/You are in your demo trading account \(testnet\)/).waitFor();
    await expectNoAxeViolations(page);
  });

  it('signs up by mobile', async () => {
    const number = uniqueUkMobile();
    const page = await openSite(context, 'global', '/en/sign-up');
    await signUp(page, { mobile: { countryValue: 'GB:44', number }, residence: 'GB' });
    await page.waitForURL((url) => url.pathname === '/en/dashboard');
    expect(new URL(page.url()).searchParams.get('newUser')).toBe('true');
    await page
      .getByText(`+447****${number.slice(-4)}`)
      .first()
      .waitFor();
  });

  it('a logged-out visit to the dashboard goes to login and back after it', async () => {
    const email = uniqueEmail('back');
    const signup = await openSite(context, 'global', '/en/register');
    await signUp(signup, { email, residence: 'GB' });
    await signup.waitForURL((url) => url.pathname === '/en/dashboard');
    await logOut(signup, '/en/login');

    const page = await openSite(context, 'global', '/en/dashboard');
    await page.waitForURL((url) => url.pathname === '/en/login');
    expect(new URL(page.url()).searchParams.get('redirect_url')).toBe('/en/dashboard');
    await logIn(page, email);
    await page.waitForURL((url) => url.pathname === '/en/dashboard');
  });
});

describe('EU site', () => {
  it('signs up by e-mail into the personal KYC page, then logs in from a new browser with the device code', async () => {
    const email = uniqueEmail('eu');
    const page = await openSite(context, 'eu', '/en-EU/register');
    // EU offers no phone accounts.
    expect(await page.getByRole('button', { name: 'Mobile', exact: true }).count()).toBe(0);
    await signUp(page, { email, residence: 'DE' });
    await page.waitForURL((url) => url.pathname === '/user/accounts/auth/personal');
    await page.getByRole('heading', { level: 1, name: 'Verify your identity' }).waitFor();

    await page.goto(new URL('/en-EU/dashboard', page.url()).toString());
    await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    await logOut(page, '/en-EU/login');

    // Another browser: the server asks for the code sent to the account.
    const other = await newContext(browser);
    try {
      const fresh = await openSite(other, 'eu', '/en-EU/login');
      await expectNoAxeViolations(fresh);
      await logIn(fresh, email);
      await fresh.waitForURL((url) => url.pathname === '/en-EU/dashboard');
      expect(pathAndQuery(fresh)).toBe('/en-EU/dashboard');
    } finally {
      await other.close();
    }
  });
});
