// Passkeys from a browser (issue 17, docs/flows/passkeys.md), with Chromium's virtual authenticator
// (DevTools protocol WebAuthn domain: a CTAP2 platform authenticator that keeps resident keys and
// verifies its user): add a passkey on the dashboard, rename it, log out, log in with it (no password,
// no code), then remove it with the password. Its own account, so it runs beside every other spec.
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { acceptCookies, PASSWORD, signUp, uniqueEmail } from './support/auth-flow.js';
import { expectNoAxeViolations } from './support/axe.js';
import { launchBrowser, newContext, openSite, siteUrl } from './support/browser.js';

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

interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId: string;
  signCount: number;
}

/** A platform authenticator with user verification, answering every request at once. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

async function credentials(cdp: CDPSession, authenticatorId: string): Promise<VirtualCredential[]> {
  return (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials as VirtualCredential[];
}

describe('passkeys', () => {
  it('are added on the dashboard, log in without the password, and are removed with it', async () => {
    context = await newContext(browser);
    const email = uniqueEmail('passkey');
    const page = await openSite(context, 'global', '/en/register');
    await signUp(page, { email, residence: 'GB' });
    await page.waitForURL(onPath('/en/dashboard'));
    const authenticator = await virtualAuthenticator(page);

    // Add one: the password again, then the browser's ceremony (answered by the virtual authenticator).
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByText('You have no passkeys yet.').waitFor();
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await section.getByRole('button', { name: 'Continue' }).click();
    const list = section.getByRole('list', { name: 'Passkeys' });
    await list.getByText(`${email} #1`).waitFor();
    const made = await credentials(authenticator.cdp, authenticator.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
    await expect(list.getByText(/never used/).count()).resolves.toBe(1);

    // Rename it.
    await section.getByRole('button', { name: `Rename ${email} #1` }).click();
    await section.getByLabel('Passkey name').fill('Test laptop');
    // (Checked before the toast, whose fade-in axe reads as low contrast.)
    await expectNoAxeViolations(page);
    await section.getByRole('button', { name: 'Save' }).click();
    await list.getByText('Test laptop').waitFor();

    // Log out. The login page offers passkeys in the account field's autofill: the pending request
    // (conditional mediation) starts on the first pointer or focus on the page, and the virtual
    // authenticator picks its one passkey from it as a user would from the autofill list. Two factors:
    // straight back to the account, no password, code or authenticator step.
    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    const field = 'input[autocomplete="username webauthn"]';
    // Focus the field until the passkey was used: the page may not be there or listening yet, and a
    // pointer resting where the page changed may have started the request first (then no field).
    const focusField = () =>
      page.evaluate((selector) => {
        const input = document.querySelector<HTMLInputElement>(selector);
        input?.blur();
        input?.focus();
      }, field);
    await expect
      .poll(
        async () => {
          await focusField();
          return (await credentials(authenticator.cdp, authenticator.id))[0]?.signCount;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBeGreaterThan(made[0]?.signCount ?? 0);
    await page.waitForURL(onPath('/en/dashboard'));
    const afterAutofill = await credentials(authenticator.cdp, authenticator.id);

    // Again with the button, as in a browser without passkey autofill (where the autofill never
    // starts), and as a browser the account has never seen (no cookies): still no code step.
    await context.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    });
    await context.clearCookies();
    await page.goto(siteUrl('global', '/en/login'), { waitUntil: 'load' });
    await acceptCookies(page);
    const account = page.getByRole('textbox', { name: 'E-mail' });
    expect(await account.getAttribute('autocomplete')).toBe('username webauthn');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL(onPath('/en/dashboard'));
    const used = await credentials(authenticator.cdp, authenticator.id);
    expect(used[0]?.signCount).toBeGreaterThan(afterAutofill[0]?.signCount ?? 0);
    const again = page.getByRole('region', { name: 'Passkeys' });
    await again.getByText(/last used/).waitFor();

    // Remove it: the password again.
    await again.getByRole('button', { name: 'Remove Test laptop' }).click();
    await again.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await expectNoAxeViolations(page);
    await again.getByRole('button', { name: 'Remove', exact: true }).click();
    await again.getByText('You have no passkeys yet.').waitFor();
  });
});
