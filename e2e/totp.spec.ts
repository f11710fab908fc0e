// Authenticator 2FA from a browser (issue 17, docs/flows/two-factor.md): turn it on from the dashboard
// (the test computes codes from the key shown, with the same library an app would use), log out, log in
// with a code, then with a backup code. Its own account, so it runs beside every other spec.
import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptCookies,
  outboxCode,
  PASSWORD,
  signUp,
  solveCaptchaIfShown,
  uniqueEmail,
} from './support/auth-flow.js';
import { expectNoAxeViolations } from './support/axe.js';
import { launchBrowser, newContext, openSite } from './support/browser.js';

let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
});

const onPath = (path: string) => (url: URL) => url.pathname === path;

/**
 * The password step of the login, up to the authenticator step. This browser is known, but the suite's
 * earlier wrong passwords from this address may make the server step up to the e-mail code first.
 */
async function passwordStep(page: Page, email: string): Promise<void> {
  await page.getByRole('heading', { name: 'Your account' }).waitFor();
  await acceptCookies(page);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Log in' }).click();
  await solveCaptchaIfShown(page);
  const twoFactor = page.getByRole('heading', { name: 'Two-factor authentication' });
  const codeStep = page.getByRole('heading', { name: 'Enter the verification code' });
  await twoFactor.or(codeStep).waitFor();
  if (await codeStep.isVisible()) {
    await page.getByLabel('6-digit code').fill(await outboxCode(email, since));
    await page.getByRole('button', { name: 'Verify' }).click();
    await solveCaptchaIfShown(page);
  }
  await twoFactor.waitFor();
  // No session before the second factor: the page is still the login.
  expect(new URL(page.url()).pathname).toBe('/en/login');
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await page.waitForURL(onPath('/en/login'));
}

describe('authenticator two-factor authentication', () => {
  it('is turned on from the dashboard, then asked for at login: a code, then a backup code', async () => {
    context = await newContext(browser);
    const email = uniqueEmail('totp');
    const page = await openSite(context, 'global', '/en/register');
    await signUp(page, { email, residence: 'GB' });
    await page.waitForURL(onPath('/en/dashboard'));

    // Turn it on: the password again, then the QR code and the key, then a code from the "app".
    const section = page.getByRole('region', { name: 'Two-factor authentication' });
    await section.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    await section.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await section.getByRole('button', { name: 'Continue' }).click();
    const key = section.getByLabel('Setup key');
    await key.waitFor();
    const secret = (await key.inputValue()).replace(/\s/g, '');
    const qr = section.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    const uri = new URL((await qr.getAttribute('data-qr-text')) ?? '');
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(await section.getByLabel('Code from the app').getAttribute('autocomplete')).toBe('one-time-code');
    await expectNoAxeViolations(page);

    const app = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
    const enabledAt = Date.now();
    await section.getByLabel('Code from the app').fill(app.generate({ timestamp: enabledAt }));
    await section.getByRole('button', { name: 'Turn on' }).click();
    const list = section.getByRole('list', { name: 'Save your backup codes' });
    await list.waitFor();
    const backupCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(backupCodes).toHaveLength(10);
    await section.getByRole('button', { name: 'I have saved my backup codes' }).click();
    await section.getByText(/^On since .*10 backup codes left\.$/).waitFor();

    // Log out, log in: the authenticator step, with a code. The set-up's step is spent (a code works
    // once), so the app's next code, one step ahead, which the server accepts as clock drift.
    await logOut(page);
    await passwordStep(page, email);
    const code = page.getByLabel('Authenticator code');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    await expectNoAxeViolations(page);
    await code.fill(app.generate({ timestamp: enabledAt + 30_000 }));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(onPath('/en/dashboard'));

    // Again, with a backup code (typed upper-case with a space: forgiven), which then is spent.
    await logOut(page);
    await passwordStep(page, email);
    await page.getByRole('button', { name: 'Use a backup code instead' }).click();
    await page.getByLabel('Backup code').fill((backupCodes[0] ?? '').toUpperCase().replace('-', ' '));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(onPath('/en/dashboard'));
    await page
      .getByRole('region', { name: 'Two-factor authentication' })
      .getByText(/9 backup codes left\.$/)
      .waitFor();
  });
});
