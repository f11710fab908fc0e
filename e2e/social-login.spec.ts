// Google and Apple sign-in (issue 16) against the local OpenID provider that plays them
// (apps/server/src/dev/oidc-stand-in, SOCIAL_STAND_IN=1 in the e2e server): the product's OpenID code
// path end to end in Chromium: sign up with "Google", log out, log in again with it; an existing
// e-mail account links "Apple" after its password; unlink from the dashboard.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { acceptCookies, logIn, PASSWORD, signUp, uniqueEmail } from './support/auth-flow.js';
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

/** At the stand-in's sign-in page (oidc-provider's development interaction): any password works. */
async function signInAtProvider(page: Page, email: string): Promise<void> {
  // A provider session from earlier in this browser signs in without asking again: straight back.
  await page.waitForURL(
    (url) =>
      url.pathname.includes('/dev/oidc/') ||
      url.searchParams.has('third_ticket') ||
      url.pathname === '/en/dashboard',
  );
  if (!new URL(page.url()).pathname.includes('/dev/oidc/')) return;
  const login = page.locator('input[name="login"]');
  if (await login.isVisible({ timeout: 5_000 }).catch(() => false)) {
    await login.fill(email);
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();
  }
}

async function continueWith(page: Page, provider: 'Google' | 'Apple', email: string): Promise<void> {
  await acceptCookies(page);
  await page.getByRole('group', { name: 'Or continue with' }).getByRole('button', { name: provider }).click();
  await signInAtProvider(page, email);
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/en/login');
}

describe('Google and Apple sign-in through the local OpenID provider', () => {
  it('signs up with "Google", logs out, and logs in again with it', async () => {
    const email = uniqueEmail('google');
    const page = await openSite(context, 'global', '/en/register');
    await page
      .getByRole('group', { name: 'Or continue with' })
      .getByRole('button', { name: 'Google' })
      .waitFor();
    await expectNoAxeViolations(page);
    await continueWith(page, 'Google', email);

    // Back on the sign-up page: this Google account is not linked yet.
    await page.getByRole('heading', { name: 'Link your Google account' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Create a new account' }).click();
    await page.getByText('Sign up to link your Google account.').waitFor();
    await signUp(page, { email, residence: 'GB' });
    await page.waitForURL((url) => url.pathname === '/en/dashboard');
    const section = page.getByRole('region', { name: 'Google and Apple sign-in' });
    await section.getByText(email).waitFor();

    await logOut(page);
    await continueWith(page, 'Google', email);
    await page.waitForURL((url) => url.pathname === '/en/dashboard');
    expect(new URL(page.url()).searchParams.get('newUser')).toBeNull();
  });

  it('an existing e-mail account links "Apple" after its password, then unlinks it', async () => {
    const email = uniqueEmail('apple');
    const signup = await openSite(context, 'global', '/en/register');
    await signUp(signup, { email, residence: 'GB' });
    await signup.waitForURL((url) => url.pathname === '/en/dashboard');
    await logOut(signup);

    await continueWith(signup, 'Apple', email);
    await signup.getByRole('heading', { name: 'Link your Apple account' }).waitFor();
    await signup.getByRole('button', { name: 'I already have an account' }).click();
    await signup.getByText('Log in with your password to link your Apple account.').waitFor();
    await logIn(signup, email);
    await signup.waitForURL((url) => url.pathname === '/en/dashboard');

    const section = signup.getByRole('region', { name: 'Google and Apple sign-in' });
    await section.getByText(email).waitFor();
    await expectNoAxeViolations(signup);
    await section.getByRole('button', { name: 'Unlink Apple' }).click();
    await section.getByLabel('Your password', { exact: true }).fill(PASSWORD);
    await section.getByRole('button', { name: 'Unlink', exact: true }).click();
    await section.getByText('Apple has been unlinked.').waitFor();
    await section.getByText('No Google or Apple account is linked.').waitFor();
  });

  it('Telegram from the web login page: an unbound Telegram account links after the password, then logs in', async () => {
    const email = uniqueEmail('tg-web');
    const signup = await openSite(context, 'global', '/en/register');
    await signUp(signup, { email, residence: 'GB' });
    await signup.waitForURL((url) => url.pathname === '/en/dashboard');
    await logOut(signup);

    const telegramId = String(1_000_000_000 + Math.floor(Math.random() * 900_000_000));
    const viaTelegram = async () => {
      await acceptCookies(signup);
      const popupOpened = signup.waitForEvent('popup');
      await signup
        .getByRole('group', { name: 'Or continue with' })
        .getByRole('button', { name: 'Telegram' })
        .click();
      const popup = await popupOpened;
      await popup.getByRole('heading', { name: /with Telegram/ }).waitFor();
      await popup.getByLabel('id', { exact: true }).fill(telegramId);
      await popup.getByLabel('first name').fill('Wes');
      await popup.getByRole('button', { name: 'Accept' }).click();
    };
    await viaTelegram();
    await signup.getByText('Log in with your password to link your Telegram account.').waitFor();
    await expectNoAxeViolations(signup);
    await logIn(signup, email);
    await signup.waitForURL((url) => url.pathname === '/en/dashboard');
    await signup.getByRole('region', { name: 'Telegram' }).getByText('Wes', { exact: true }).waitFor();

    await logOut(signup);
    await viaTelegram();
    await signup.waitForURL((url) => url.pathname === '/en/dashboard');
  });
});
