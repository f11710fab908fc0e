// OAuth for real (issue 6): the dev-only demo client (/dev/oauth-demo, oauth4webapi on the server)
// sends a browser through Gatehouse's authorization endpoint, the user signs up or logs in inside the
// OAuth flow, decides on the consent screen, and the demo client exchanges the code (PKCE, state,
// iss) and shows what it got.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { acceptCookies, logIn, outboxCode, signUp, uniqueEmail } from './support/auth-flow.js';
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

/** The seeded demo client (apps/server/src/dev/oauth-demo/oauth-demo-seed.ts). */
const DEMO_APP = 'Gatehouse demo app';
const DEMO_PATH = '/dev/oauth-demo';

const masked = (email: string) => `${email.slice(0, 3)}***@example.com`;

/** The demo client's "Sign in with Gatehouse": on to Gatehouse's OAuth entry. */
async function startAtDemo(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Sign in with Gatehouse' }).click();
}

/** The consent screen's own buttons (the cookie banner has an "Accept" too). */
const consentButton = (page: Page, name: 'Accept' | 'Decline') =>
  page.getByRole('main').getByRole('button', { name, exact: true });

/** The logged-in account's id, as the web app reads it. */
async function currentUserId(page: Page): Promise<string> {
  const response = await page.context().request.get(siteUrl('global', '/x-api/user/private/user-info'), {
    headers: { platform: 'pc' },
  });
  const body = (await response.json()) as { ret_code: number; result: { id: number } };
  expect(body.ret_code).toBe(0);
  return String(body.result.id);
}

/**
 * Logs in on the login form embedded in the OAuth entry. A new browser gets the device-code step; the
 * shared `logIn` helper watches for leaving a `/login` path, which this flow never is on, so the code
 * step is handled here.
 */
async function logInInsideFlow(page: Page, email: string): Promise<void> {
  const since = Date.now() - 1000;
  await logIn(page, email);
  const codeStep = page.getByRole('heading', { name: 'Enter the verification code' });
  const consent = page.getByRole('heading', { level: 1, name: 'Allow access' });
  await codeStep.or(consent).waitFor();
  if (await codeStep.isVisible()) {
    await page.getByLabel('6-digit code').fill(await outboxCode(email, since));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
}

describe('OAuth with the demo client', () => {
  it('signs a fresh user up inside the flow, accepts, and the demo client gets a token for that user', async () => {
    const email = uniqueEmail('oauth');
    const page = await openSite(context, 'global', DEMO_PATH);
    // No page of Gatehouse in the flow (entry, sign-up, consent, dashboard, log-out) logs an error to the
    // console; the demo client's pages (/dev) are not Gatehouse's.
    const errors: string[] = [];
    const gatehousePage = () => !new URL(page.url()).pathname.startsWith('/dev/');
    page.on('console', (message) => {
      if (message.type() === 'error' && gatehousePage()) {
        errors.push(`${new URL(page.url()).pathname}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => {
      if (gatehousePage()) errors.push(error.message);
    });
    await startAtDemo(page);

    // Not logged in: the login form inside the OAuth entry, with a way to sign up that keeps the request.
    await page.waitForURL((url) => url.pathname === '/en/oauth');
    await page.getByText(`${DEMO_APP} wants to use your`).waitFor();
    await acceptCookies(page);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Sign up', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/en/oauth-register');
    expect(new URL(page.url()).searchParams.get('client_id')).toBe('gatehouse-demo');
    await signUp(page, { email, residence: 'GB' });

    // The consent screen: app, scopes in words, account, Accept / Decline.
    await page.waitForURL((url) => url.pathname === '/en/oauth-authorized');
    await page.getByText(`${DEMO_APP} is asking for access to your`).waitFor();
    await page.getByText('See your full e-mail address').waitFor();
    await page.getByText(`Signed in as ${masked(email)}`).waitFor();
    await expectNoAxeViolations(page);
    const userId = await currentUserId(page);
    await consentButton(page, 'Accept').click();

    // Back at the demo client, which exchanged the code and asked userinfo.
    await page.waitForURL((url) => url.pathname === `${DEMO_PATH}/callback`);
    await page.getByText(`Token subject: ${userId}`).waitFor();
    await page.getByText(email, { exact: true }).waitFor();
    expect(await page.getByText('offline_access').count()).toBeGreaterThan(0);

    // A second sign-in: consent is remembered, so no screen, straight back with a new code.
    await page.goto(siteUrl('global', DEMO_PATH));
    await startAtDemo(page);
    await page.waitForURL((url) => url.pathname === `${DEMO_PATH}/callback`);
    await page.getByText(`Token subject: ${userId}`).waitFor();

    // The dashboard lists the app; revoking it (after confirming) removes it.
    await page.goto(siteUrl('global', '/en/dashboard'));
    const apps = page.getByRole('region', { name: 'Authorized apps' });
    await apps.getByRole('heading', { name: DEMO_APP }).waitFor();
    await apps.getByRole('button', { name: 'Revoke access' }).click();
    const dialog = page.getByRole('dialog', { name: `Revoke access for ${DEMO_APP}?` });
    await dialog.getByRole('button', { name: 'Revoke access' }).click();
    await apps.getByText('You have not authorized any apps.').waitFor();
    await expectNoAxeViolations(page);

    // Revoked: the app must ask again.
    await page.goto(siteUrl('global', DEMO_PATH));
    await startAtDemo(page);
    await page.waitForURL((url) => url.pathname === '/en/oauth-authorized');
    await consentButton(page, 'Accept').waitFor();

    // The app's "Log out of Gatehouse" (/oauth-log-out) ends the session and returns to the app.
    await page.goto(siteUrl('global', DEMO_PATH));
    await page.getByRole('link', { name: 'Log out of Gatehouse' }).click();
    await page.waitForURL((url) => url.pathname === DEMO_PATH);
    await page.goto(siteUrl('global', '/en/dashboard'));
    await page.waitForURL((url) => url.pathname === '/en/login');
    expect(errors).toEqual([]);
  });

  it('a second run in a new browser logs in inside the flow, declines, and the demo client shows access_denied', async () => {
    const email = uniqueEmail('oauth-decline');
    const signup = await openSite(context, 'global', '/en/register');
    await signUp(signup, { email, residence: 'GB' });
    await signup.waitForURL((url) => url.pathname === '/en/dashboard');

    const other = await newContext(browser);
    try {
      const page = await openSite(other, 'global', DEMO_PATH);
      await startAtDemo(page);
      await page.waitForURL((url) => url.pathname === '/en/oauth');
      await logInInsideFlow(page, email);
      await page.waitForURL((url) => url.pathname === '/en/oauth-authorized');
      await consentButton(page, 'Decline').click();
      await page.waitForURL((url) => url.pathname === `${DEMO_PATH}/callback`);
      await page.getByRole('heading', { name: 'You declined' }).waitFor();
      await page.getByText('access_denied', { exact: true }).waitFor();
      expect(await page.getByText('Token subject').count()).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('an unregistered redirect_uri gets an error page and never a redirect', async () => {
    const port = new URL(siteUrl('global')).port;
    const request = new URLSearchParams({
      client_id: 'gatehouse-demo',
      // Registered is …/callback; a trailing slash is another address (exact matching, RFC 9700).
      redirect_uri: `http://localhost:${port}${DEMO_PATH}/callback/`,
      response_type: 'code',
      scope: 'profile',
      state: 'st',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });

    // At the authorization endpoint: a 400 page, no Location.
    const page = await context.newPage();
    const response = await page.goto(siteUrl('global', `/oauth/authorize?${request}`));
    expect(response?.status()).toBe(400);
    expect(new URL(page.url()).pathname).toBe('/oauth/authorize');
    await page.getByRole('heading', { name: 'Invalid sign-in request' }).waitFor();

    // At the web entry: the error in words, no way onward to the unregistered address.
    await page.goto(siteUrl('global', `/en/oauth?${request}`));
    await page.getByRole('alert').getByText("This application's return address is not allowed.").waitFor();
    expect(await page.getByRole('link', { name: 'Return to the app' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/en/oauth');
    await acceptCookies(page);
    await expectNoAxeViolations(page);

    // The consent page can never be framed by another site (clickjacking on Accept).
    const consent = await page.goto(siteUrl('global', `/en/oauth-authorized?${request}`));
    expect(consent?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(consent?.headers()['x-frame-options']).toBe('DENY');
  });
});
