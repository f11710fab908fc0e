// The consent page needs a logged-in visitor: an anonymous one is sent to log in first. So before
// auditing it the bench signs an account up on each site through the real form and keeps the cookies
// that leaves: the site's session (host-only, one per site) and the device cookies the page wrote.
// Each consent audit's fresh browser gets them before the load (run.ts).
import { chromium, type BrowserContext, type Cookie, type Page } from 'playwright-core';
import { pagePath, siteOrigin, type BenchSite } from './matrix.js';

const PASSWORD = 'correct horse battery staple 42';
const SESSION_COOKIE = 'gh_session';

/** Signs an account up on each site, in one browser; the cookies each site's host then holds. */
export async function signUpSessions(
  sites: readonly BenchSite[],
  port: number,
  chromePath: string,
  chromeFlags: string[],
): Promise<Map<string, Cookie[]>> {
  const browser = await chromium.launch({ executablePath: chromePath, headless: true, args: chromeFlags });
  try {
    const context = await browser.newContext({ locale: 'en-US' });
    const sessions = new Map<string, Cookie[]>();
    for (const site of sites) {
      console.log(`signing up on ${site.name} for the consent page …`);
      sessions.set(site.name, await signUpOnSite(context, site, port));
    }
    return sessions;
  } finally {
    await browser.close();
  }
}

/** Signs a fresh e-mail account up on `site`; throws when no session cookie results. */
async function signUpOnSite(context: BrowserContext, site: BenchSite, port: number): Promise<Cookie[]> {
  const origin = siteOrigin(site, port);
  const email = `lighthouse-${site.name}-${Date.now().toString(36)}@example.com`;
  const page = await context.newPage();
  try {
    await page.goto(`${origin}${pagePath(site, 'sign-up', port, site.signUpLanguage)}`);
    await fillAndSubmit(page, email, site.residence, port);
    await page.waitForURL((url) => !url.pathname.endsWith('/register'), { timeout: 30_000 });
  } catch (error) {
    throw new Error(`signing up on ${site.name} (${page.url()}) failed: ${(error as Error).message}`);
  } finally {
    await page.close();
  }
  const cookies = await context.cookies(origin);
  if (!cookies.some((cookie) => cookie.name === SESSION_COOKIE)) {
    throw new Error(`signing up on ${site.name} left no ${SESSION_COOKIE} cookie for ${origin}`);
  }
  return cookies;
}

/** Puts `cookies` into the default profile of the Chromium listening on `debuggingPort`. */
export async function addCookies(debuggingPort: number, cookies: Cookie[]): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('the browser has no default context');
    await context.addCookies(cookies);
  } finally {
    // Disconnects Playwright only: the browser (chrome-launcher's) stays up for Lighthouse.
    await browser.close();
  }
}

/** The sign-up steps as a visitor takes them (labels of locales/en*: the English variant of the site). */
async function fillAndSubmit(page: Page, email: string, residence: string, port: number): Promise<void> {
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  const cookieBanner = page
    .getByRole('region', { name: /cookie/i })
    .or(page.getByRole('dialog', { name: /cookie/i }))
    .getByRole('button', { name: /accept/i });
  if (await cookieBanner.isVisible().catch(() => false)) await cookieBanner.click();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  const country = page.getByLabel('Country or region of residence');
  await country.locator(`option[value="${residence}"]`).waitFor({ state: 'attached' });
  await country.selectOption(residence);
  await page.getByLabel('I confirm that I live in the country or region chosen above.').check();
  const since = Date.now() - 1000;
  // The captcha (cheap in this server, bench/lighthouse/run.ts) solves itself in its panel.
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Enter the verification code' }).waitFor({ timeout: 30_000 });
  await page.getByLabel('6-digit code').fill(await outboxCode(port, email, since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: 'Set your password' }).waitFor();
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** The code the server sent to `to` after `since`, from the development outbox (/dev/outbox.json). */
async function outboxCode(port: number, to: string, since: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await fetch(`http://localhost:${port}/dev/outbox.json?to=${encodeURIComponent(to)}`);
    const { messages } = (await response.json()) as {
      messages: { code: string | null; created_at: number }[];
    };
    const code = messages.find((m) => m.created_at >= since && m.code)?.code;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code for ${to} in the outbox`);
}
