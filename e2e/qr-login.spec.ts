// QR-code login across two browsers (issue 15, docs/flows/qr-login.md): a logged-in phone confirms the
// QR code a second browser shows on its login page, and that browser lands on the dashboard; a phone
// that is not logged in is sent to log in first and comes back to confirm.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { acceptCookies, logIn, signUp, uniqueEmail } from './support/auth-flow.js';
import { expectNoAxeViolations } from './support/axe.js';
import { launchBrowser, newContext, openSite } from './support/browser.js';

let browser: Browser;
let desktop: BrowserContext;
let phone: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  desktop = await newContext(browser);
  phone = await newContext(browser, { isMobile: true, viewport: { width: 390, height: 844 } });
});
afterEach(async () => {
  await desktop?.close();
  await phone?.close();
});

/** The login page of the asking browser with its QR panel open; answers the URL the QR code carries. */
async function showQrCode(page: Page): Promise<string> {
  await acceptCookies(page);
  const toggle = page.getByRole('button', { name: 'Use a QR code instead' });
  await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
  const code = page.getByRole('img', { name: 'QR code to log in on this browser' });
  await code.waitFor();
  const link = await code.getAttribute('data-qr-text');
  expect(link).toMatch(/\/en\/qr-confirm\?uuid=[0-9a-f-]{36}$/);
  return link ?? '';
}

describe('QR-code login', () => {
  it('a logged-in phone confirms; the asking browser lands on the dashboard, and the code is spent', async () => {
    const email = uniqueEmail('qr');
    const phonePage = await openSite(phone, 'global', '/en/register');
    await signUp(phonePage, { email, residence: 'GB' });
    await phonePage.waitForURL((url) => url.pathname === '/en/dashboard');

    const desktopPage = await openSite(desktop, 'global', '/en/login');
    const link = await showQrCode(desktopPage);
    await expectNoAxeViolations(desktopPage);

    await phonePage.goto(link);
    await phonePage.getByRole('heading', { name: 'Who is asking to log in?' }).waitFor();
    const asking = (await phonePage.locator('dl').textContent()) ?? '';
    expect(asking).toContain(new URL(link).host);
    expect(asking).toContain('Chrome');
    await expectNoAxeViolations(phonePage);

    // The asking browser sees the scan on its next poll.
    await desktopPage.getByText('Scanned — confirm on your phone.').waitFor();
    await phonePage.getByRole('button', { name: 'Log in' }).click();
    await phonePage.getByText('Done: the other browser is now logged in to your account.').waitFor();

    await desktopPage.waitForURL((url) => url.pathname === '/en/dashboard');
    await desktopPage.getByRole('heading', { name: 'Account', exact: true }).waitFor();

    // The same code again: spent.
    await phonePage.goto(link);
    await phonePage
      .getByText('This QR code has expired or was already used. Show a new one on the login page.')
      .waitFor();
  });

  it('a phone that is not logged in logs in first, comes back, and can refuse', async () => {
    const email = uniqueEmail('qr-anon');
    const signUpPage = await openSite(desktop, 'global', '/en/register');
    await signUp(signUpPage, { email, residence: 'GB' });
    await signUpPage.waitForURL((url) => url.pathname === '/en/dashboard');
    await signUpPage.getByRole('button', { name: 'Log out', exact: true }).click();
    await signUpPage.waitForURL((url) => url.pathname === '/en/login');

    const link = await showQrCode(signUpPage);
    const phonePage = await phone.newPage();
    await phonePage.goto(link);
    await phonePage.waitForURL((url) => url.pathname === '/en/login');
    expect(new URL(phonePage.url()).searchParams.get('redirect_url')).toBe(
      new URL(link).pathname + new URL(link).search,
    );
    await logIn(phonePage, email);
    await phonePage.waitForURL((url) => url.pathname === '/en/qr-confirm');
    await phonePage.getByRole('button', { name: 'Refuse' }).click();
    await phonePage.getByText('Refused: the other browser was not logged in.').waitFor();

    await signUpPage.getByText('The login was refused on your phone.').waitFor();
    expect(new URL(signUpPage.url()).pathname).toBe('/en/login');
    await signUpPage.getByRole('button', { name: 'Show a new QR code' }).click();
    await signUpPage.getByRole('img', { name: 'QR code to log in on this browser' }).waitFor();
  });
});
