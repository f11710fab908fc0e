// Telegram on the web (issue 7): bind and unbind on the account page through the Login Widget stand-in,
// and the Mini App inside the local simulator (docs/telegram.md): a new Telegram user signs up, reaches
// link-authorisation and accepts; another declines; stale init data shows the session-expired modal.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { logIn, signUp, uniqueEmail } from './support/auth-flow.js';
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

/** A Telegram-sized user id, fresh per test so every run starts unbound. */
const telegramId = () => String(1_000_000_000 + Math.floor(Math.random() * 900_000_000));

/** Opens the Mini App as the simulator does: `/dev/telegram/launch` signs init data and redirects. */
async function launchMiniApp(
  user: { id: string; first_name: string; username: string },
  extra = {},
): Promise<Page> {
  const query = new URLSearchParams({ ...user, platform: 'ios', lang: 'en', ...extra });
  const page = await context.newPage();
  await page.goto(siteUrl('global', `/dev/telegram/launch?${query.toString()}`), { waitUntil: 'load' });
  return page;
}

/** Records the Mini App method calls the page posts to itself outside Telegram's chrome (docs/telegram.md). */
async function recordMiniAppCalls(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const calls: string[] = [];
    (window as unknown as { tgCalls: string[] }).tgCalls = calls;
    window.addEventListener('message', (event) => {
      try {
        const data = JSON.parse(String(event.data)) as { type?: string; eventType?: string };
        if (data.type === 'telegram-method' && data.eventType) calls.push(data.eventType);
      } catch {
        // Not one of ours.
      }
    });
  });
  return () => page.evaluate(() => [...(window as unknown as { tgCalls: string[] }).tgCalls]);
}

async function signUpInMiniApp(page: Page, firstName: string): Promise<void> {
  await page.getByRole('heading', { name: 'Continue with Telegram' }).waitFor();
  await page.getByText(firstName, { exact: true }).waitFor();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await signUp(page, { email: uniqueEmail('tg'), residence: 'GB' });
  await page.getByRole('heading', { name: 'Link your Telegram account' }).waitFor({ timeout: 20_000 });
}

const onTelegramHome = (page: Page) =>
  page.waitForURL((url) => url.pathname === '/en/tg-app/app/home/', { timeout: 20_000 });

describe('account page', () => {
  it('binds a Telegram account through the Login Widget and unbinds it', async () => {
    const page = await openSite(context, 'global', '/en/register');
    await signUp(page, { email: uniqueEmail('tg-bind'), residence: 'GB' });
    await page.waitForURL((url) => url.pathname === '/en/dashboard');
    const section = page.getByRole('region', { name: 'Telegram' });
    await section.getByText('No Telegram account is linked.').waitFor();

    const username = `tg_${Date.now().toString(36)}`;
    const popupOpened = page.waitForEvent('popup');
    await section.getByRole('button', { name: 'Link Telegram' }).click();
    const popup = await popupOpened;
    await popup.getByRole('heading', { name: /with Telegram/ }).waitFor();
    await popup.getByLabel('username').fill(username);
    await popup.getByLabel('first name').fill('Wanda');
    await popup.getByRole('button', { name: 'Accept' }).click();

    await section.getByText(`@${username}`).waitFor();
    await section.getByText('Wanda', { exact: true }).waitFor();
    await section.getByText('Telegram account linked.').waitFor();
    await expectNoAxeViolations(page);

    await section.getByRole('button', { name: 'Unlink Telegram' }).click();
    const confirm = page.getByRole('dialog', { name: 'Unlink Telegram?' });
    await confirm.waitFor();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Unlink', exact: true }).click();
    await section.getByText('No Telegram account is linked.').waitFor();
    await section.getByText('Telegram account unlinked.').waitFor();
    expect(await section.getByText(`@${username}`).count()).toBe(0);
  });
});

describe('Mini App (simulator)', () => {
  it('a new Telegram user signs up, accepts link-authorisation and lands on the Telegram home', async () => {
    const user = { id: telegramId(), first_name: 'Alma', username: `alma_${Date.now().toString(36)}` };
    const page = await launchMiniApp(user);
    await signUpInMiniApp(page, 'Alma');

    const allow = page.getByRole('checkbox', { name: /to send me messages/ });
    const accept = page.getByRole('button', { name: 'Accept' });
    expect(await allow.isChecked()).toBe(true);
    expect(await accept.isEnabled()).toBe(true);
    await allow.uncheck();
    expect(await accept.isDisabled()).toBe(true);
    await allow.check();
    expect(await accept.isEnabled()).toBe(true);
    await expectNoAxeViolations(page);
    await accept.click();

    await onTelegramHome(page);
    await page.getByRole('heading', { name: 'Telegram home' }).waitFor();
    await page.getByText('Your Telegram account is linked to this account.').waitFor();
    await expectNoAxeViolations(page);
  });

  it('completes the Mini App task (source=task): the campaign from the query, the task from start_param', async () => {
    const user = { id: telegramId(), first_name: 'Tara', username: `tara_${Date.now().toString(36)}` };
    const task = { query: 'source=task&campaign=spring', start_param: 'follow_channel' };
    const page = await launchMiniApp(user, task);
    await signUpInMiniApp(page, 'Tara');
    await page.getByRole('button', { name: 'Accept' }).click();

    await page.waitForURL((url) => url.pathname === '/en/min-app/task' && url.search === '?campaign=spring', {
      timeout: 20_000,
    });
    await page.getByText('Task completed.').waitFor();
    await expectNoAxeViolations(page);

    // Opened again: logged in at once (bound), and the server records a task once.
    const again = await launchMiniApp(user, task);
    await again.waitForURL((url) => url.pathname === '/en/min-app/task', { timeout: 20_000 });
    await again.getByText('You have already completed this task.').waitFor();
  });

  it('a second Telegram user declines and still lands on the Telegram home, unlinked', async () => {
    const user = { id: telegramId(), first_name: 'Boris', username: `boris_${Date.now().toString(36)}` };
    const page = await launchMiniApp(user);
    await signUpInMiniApp(page, 'Boris');
    await page.getByRole('button', { name: 'Decline' }).click();

    await onTelegramHome(page);
    await page.getByText('Your Telegram account is not linked to this account.').waitFor();
  });

  it('an existing account logs in with authorisation-login accepted: login-and-bind', async () => {
    const email = uniqueEmail('tg-login');
    const web = await openSite(context, 'global', '/en/register');
    await signUp(web, { email, residence: 'GB' });
    await web.waitForURL((url) => url.pathname === '/en/dashboard');

    const user = { id: telegramId(), first_name: 'Emil', username: `emil_${Date.now().toString(36)}` };
    const page = await launchMiniApp(user);
    await page.getByRole('button', { name: 'Log in to my account' }).click();
    await page.getByRole('heading', { name: 'Authorise Telegram login' }).waitFor();
    await page.getByRole('button', { name: 'Accept' }).click();
    await logIn(page, email);

    await page.getByText('Logged in. Your Telegram account is now linked.').waitFor({ timeout: 20_000 });
    await onTelegramHome(page);
    await page.getByText('Your Telegram account is linked to this account.').waitFor();
  });

  it('goes back from the authorisation-login screen with the back icon', async () => {
    const user = { id: telegramId(), first_name: 'Cleo', username: `cleo_${Date.now().toString(36)}` };
    const page = await launchMiniApp(user);
    await page.getByRole('heading', { name: 'Continue with Telegram' }).waitFor();
    await page.getByRole('button', { name: 'Log in to my account' }).click();
    await page.getByRole('heading', { name: 'Authorise Telegram login' }).waitFor();
    await page.getByText(/requests access to your Telegram account to log you in/).waitFor();
    await expectNoAxeViolations(page);
    // Without Telegram's chrome (the simulator) the page offers the back icon itself.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Continue with Telegram' }).waitFor();
  });

  it('stale init data shows the session-expired modal, whose button closes the Mini App', async () => {
    const user = { id: telegramId(), first_name: 'Dora', username: `dora_${Date.now().toString(36)}` };
    const page = await launchMiniApp(user, { auth_date_offset: '-7200' });
    const modal = page.getByRole('dialog', { name: 'Session expired' });
    await modal.waitFor();
    const calls = await recordMiniAppCalls(page);
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect.poll(calls).toContain('web_app_close');
  });
});
