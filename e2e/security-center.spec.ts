// The account's sessions and sign-in history from a browser (issue 17, docs/flows/sessions.md): a
// second browser of the same account shows up in "Active sessions"; signing it out there logs it out
// on its very next call; the history lists the logins. Its own accounts, so it runs beside every spec.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { logIn, PASSWORD, signUp, uniqueEmail } from './support/auth-flow.js';
import { expectNoAxeViolations } from './support/axe.js';
import { launchBrowser, newContext, openSite } from './support/browser.js';

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

async function aBrowser(): Promise<BrowserContext> {
  const context = await newContext(browser);
  contexts.push(context);
  return context;
}

const onPath = (path: string) => (url: URL) => url.pathname === path;

/** A new account on the global site, left on its dashboard. */
async function signedUp(tag: string): Promise<{ email: string; page: Page }> {
  const email = uniqueEmail(tag);
  const page = await openSite(await aBrowser(), 'global', '/en/register');
  await signUp(page, { email, residence: 'GB' });
  await page.waitForURL(onPath('/en/dashboard'));
  await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
  return { email, page };
}

describe('active sessions', () => {
  it('signs out another browser, which is logged out on its next call; the history lists the logins', async () => {
    const { email, page: first } = await signedUp('sessions');
    const second = await openSite(await aBrowser(), 'global', '/en/login');
    await logIn(second, email);
    await second.waitForURL(onPath('/en/dashboard'));
    await second.getByRole('heading', { name: 'Active sessions' }).waitFor();

    await first.reload();
    const sessions = first.getByRole('region', { name: 'Active sessions' });
    await sessions.getByText('(this device)').waitFor();
    const signOutOther = sessions.getByRole('button', { name: /^Sign out (?!all)/ });
    await signOutOther.waitFor();
    expect(await signOutOther.count()).toBe(1);
    const history = first.getByRole('table', { name: 'Sign-in history' });
    await history.waitFor();
    // The sign-up's session and the second browser's login, newest first.
    await history.getByRole('cell', { name: 'Signed in' }).first().waitFor();
    expect(await history.getByRole('cell', { name: 'Sign-up' }).count()).toBe(1);
    await expectNoAxeViolations(first);

    await signOutOther.click();
    await first.getByText('The session was signed out.').waitFor();
    await sessions.getByText('You are not signed in anywhere else.').waitFor();

    // The second browser's next call answers 10006: off to the login, with the way back.
    await second.reload();
    await second.waitForURL(onPath('/en/login'));
    expect(new URL(second.url()).searchParams.get('redirect_url')).toBe('/en/dashboard');
    // The first goes on.
    await first.reload();
    await first.getByRole('heading', { name: 'Active sessions' }).waitFor();
    expect(new URL(first.url()).pathname).toBe('/en/dashboard');
  });
});

describe('change password', () => {
  it('needs the current password, signs out the other browser, and the new password logs in', async () => {
    const { email, page } = await signedUp('chpw');
    const other = await openSite(await aBrowser(), 'global', '/en/login');
    await logIn(other, email);
    await other.waitForURL(onPath('/en/dashboard'));

    const section = page.getByRole('region', { name: 'Password' });
    await section.getByRole('button', { name: 'Change password' }).click();
    await section.getByLabel('Current password').fill('not the password at all');
    await section.getByLabel('New password').fill('a fresh and long pass phrase');
    await section.getByRole('button', { name: 'Change password' }).click();
    await section.getByText('That is not your current password.').waitFor();
    await expectNoAxeViolations(page);

    await section.getByLabel('Current password').fill(PASSWORD);
    await section.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password was changed. Other sessions signed out: 1.').waitFor();

    await other.reload();
    await other.waitForURL(onPath('/en/login'));
    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await page.waitForURL(onPath('/en/login'));
    await logIn(page, email, 'a fresh and long pass phrase');
    await page.waitForURL(onPath('/en/dashboard'));
  });
});
