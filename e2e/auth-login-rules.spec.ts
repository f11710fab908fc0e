// Login rules seen from a browser (issue 4): remaining attempts after wrong passwords, the lockout, a
// hostile redirect_url landing on `/`, forgot password end to end, and the other sign-up variants.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  acceptCookies,
  logIn,
  outboxCode,
  outboxMessage,
  PASSWORD,
  signUp,
  solveCaptchaIfShown,
  uniqueEmail,
} from './support/auth-flow.js';
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

/** A new account on the global site, logged out again; answers its e-mail. */
async function account(tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  const page = await openSite(context, 'global', '/en/register');
  await signUp(page, { email, residence: 'GB' });
  await page.waitForURL((url) => url.pathname === '/en/dashboard');
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/en/login');
  await page.close();
  return email;
}

async function submitPassword(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await solveCaptchaIfShown(page);
}

describe('wrong passwords', () => {
  it('shows the remaining attempts from the third wrong password, then locks password login', async () => {
    const email = await account('lock');
    const page = await openSite(context, 'global', '/en/login');
    await acceptCookies(page);
    const result = page.locator('#login-result');
    const button = page.getByRole('button', { name: 'Log in' });
    for (let i = 1; i <= 2; i++) {
      await submitPassword(page, email, `wrong password ${i}`);
      await expect.poll(() => button.isEnabled()).toBe(true);
    }
    await submitPassword(page, email, 'wrong password 3');
    await expect
      .poll(() => result.textContent())
      .toMatch(/\d more attempts? before password login is locked/);
    const left = (text: string | null) => Number(/(\d+) more attempts? before/.exec(text ?? '')?.[1]);
    const first = left(await result.textContent());
    expect(first).toBeGreaterThan(0);

    // Keep going until the lockout: it comes exactly when the attempts run out.
    for (let remaining = first; remaining > 0; remaining--) {
      await submitPassword(page, email, `wrong again ${remaining}`);
      await expect.poll(async () => left(await result.textContent())).not.toBe(remaining);
      if (remaining > 1) expect(left(await result.textContent())).toBe(remaining - 1);
    }
    await expect.poll(() => result.textContent()).toMatch(/Password login is locked/);
    // The right password does not help while locked.
    await submitPassword(page, email, PASSWORD);
    await expect.poll(() => result.textContent()).toMatch(/Password login is locked/);
    expect(new URL(page.url()).pathname).toBe('/en/login');
  });
});

describe('redirect_url', () => {
  it.each(['https://evil.example/', '//evil.example', 'javascript:alert(1)'])(
    'a hostile %s lands on /',
    async (target) => {
      const email = await account('redirect');
      const page = await openSite(context, 'global', `/en/login?redirect_url=${encodeURIComponent(target)}`);
      const root = page.waitForRequest(
        (request) => request.isNavigationRequest() && request.url() === siteUrl('global', '/'),
      );
      await logIn(page, email);
      await root;
      await page.waitForLoadState('load');
      expect(new URL(page.url()).hostname).toBe('localhost');
    },
  );

  it('a same-origin redirect_url is honoured', async () => {
    const email = await account('honour');
    const page = await openSite(
      context,
      'global',
      `/en/login?redirect_url=${encodeURIComponent('/en/dashboard?tab=1')}`,
    );
    await logIn(page, email);
    await page.waitForURL((url) => url.pathname === '/en/dashboard' && url.search === '?tab=1');
  });
});

describe('forgot password', () => {
  it('resets the password by a code and logs in with the new one', async () => {
    const email = await account('reset');
    const page = await openSite(context, 'global', '/en/login');
    await acceptCookies(page);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reset password' }).waitFor();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    const since = Date.now() - 1000;
    await page.getByRole('button', { name: 'Send code' }).click();
    await solveCaptchaIfShown(page);
    await page.getByRole('heading', { name: 'Enter the verification code' }).waitFor();
    await page.getByLabel('6-digit code').fill(await outboxCode(email, since));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    const fresh = 'a brand new passphrase 77';
    await page.getByLabel('New password', { exact: true }).fill(fresh);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/en/login' && url.searchParams.get('source') === 'password_reset',
    );
    await page.getByText('Your password was changed.').waitFor();

    // The old password is wrong now (a first failure: the client's error toast, code 31002).
    await submitPassword(page, email, PASSWORD);
    await page
      .getByText(/^31002:/)
      .first()
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/en/login');
    await page.reload();
    await logIn(page, email, fresh);
    await page.waitForURL((url) => url.pathname === '/en/dashboard');
  });
});

describe('sign-up variants', () => {
  it('show_type=link confirms by a link opened in another tab; the first tab continues', async () => {
    const email = uniqueEmail('link');
    const page = await openSite(context, 'global', '/en/register?show_type=link');
    await acceptCookies(page);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    const residence = page.getByLabel('Country or region of residence');
    await residence.locator('option[value="GB"]').waitFor({ state: 'attached' });
    await residence.selectOption('GB');
    await page.getByLabel('I confirm that I live in the country or region chosen above.').check();
    const since = Date.now() - 1000;
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    expect(new URL(page.url()).searchParams.get('uuid')).toBeTruthy();

    const { link } = await outboxMessage(email, since);
    expect(link).toContain('/email-code-verify?');
    const landing = await context.newPage();
    await landing.goto(link ?? '');
    await landing.getByText('Your e-mail address is confirmed.').waitFor();

    await page.getByRole('heading', { name: 'Set your password' }).waitFor({ timeout: 15_000 });
    await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/en/dashboard' && url.search === '?newUser=true');
  });

  it('a link opened in another browser confirms the address; only the first browser sets the password', async () => {
    const email = uniqueEmail('link-phone');
    const page = await openSite(context, 'global', '/en/register?show_type=link');
    await acceptCookies(page);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    const residence = page.getByLabel('Country or region of residence');
    await residence.locator('option[value="GB"]').waitFor({ state: 'attached' });
    await residence.selectOption('GB');
    await page.getByLabel('I confirm that I live in the country or region chosen above.').check();
    const since = Date.now() - 1000;
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    const uuid = new URL(page.url()).searchParams.get('uuid');

    // The mail opened on a phone: another browser, without the sign-up's cookie.
    const phone = await newContext(browser);
    try {
      const landing = await phone.newPage();
      await landing.goto((await outboxMessage(email, since)).link ?? '');
      await landing.getByText('Your e-mail address is confirmed.').waitFor();
      await landing
        .getByText('Go back to the browser where you started signing up to finish there.')
        .waitFor();
      expect(await landing.getByRole('link', { name: 'Set your password here' }).count()).toBe(0);
      // The flow's address alone opens nothing there.
      await landing.goto(siteUrl(null, `/en/register?uuid=${uuid}`));
      await landing.getByText('This sign-up was started in another browser.', { exact: false }).waitFor();
      await landing.getByRole('textbox', { name: 'E-mail' }).waitFor();
    } finally {
      await phone.close();
    }

    await page.getByRole('heading', { name: 'Set your password' }).waitFor({ timeout: 15_000 });
    await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/en/dashboard' && url.search === '?newUser=true');
  });

  it('ui=old signs up with the one-shot calls', async () => {
    const email = uniqueEmail('old');
    const page = await openSite(context, 'global', '/en/register?ui=old&ref=FRIEND1');
    await signUp(page, { email, residence: 'GB' });
    await page.waitForURL((url) => url.pathname === '/en/dashboard' && url.search === '?newUser=true');
  });

  it('?uuid= resumes a sign-up at the password step', async () => {
    const email = uniqueEmail('recall');
    const page = await openSite(context, 'global', '/en/register');
    await acceptCookies(page);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    const residence = page.getByLabel('Country or region of residence');
    await residence.locator('option[value="GB"]').waitFor({ state: 'attached' });
    await residence.selectOption('GB');
    await page.getByLabel('I confirm that I live in the country or region chosen above.').check();
    const since = Date.now() - 1000;
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('6-digit code').fill(await outboxCode(email, since));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Set your password' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Set your password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/en/dashboard');
  });
});
