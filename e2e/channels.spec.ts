// Sign-up channels (issue 14): an invite link copied from the dashboard brings a friend who signs up on
// another site's host, and the inviter's dashboard counts them; an affiliate landing shows the card
// until the operator sets anonymity; the bonus on four sites' sign-up pages matches spec §9.
import { signupBonus, affiliateExtraBonus, type SiteId } from '@gatehouse/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../apps/server/src/config/index.js';
import { connectDb, type Db } from '../apps/server/src/db/connect.js';
import { createPartnerAdmin, type PartnerAdmin } from '../apps/server/src/modules/channels/partner-admin.js';
import { expectNoAxeViolations } from './support/axe.js';
import { acceptCookies, signUp, uniqueEmail } from './support/auth-flow.js';
import { launchBrowser, newContext, openSite } from './support/browser.js';
import { repoRoot } from './support/server-process.js';

let browser: Browser;
let context: BrowserContext;
let db: Db;
let admin: PartnerAdmin;
const AFFILIATE = '700100';

beforeAll(async () => {
  browser = await launchBrowser();
  const config = loadConfig(inject('serverStoreEnv'), repoRoot, { sharedKeys: false });
  db = connectDb(config.database);
  admin = createPartnerAdmin(db);
  await admin.add('affiliate', AFFILIATE, {
    nickname: 'Crypto Kate',
    signature: 'Trading since 2017',
    content: 'Join my community',
    groups: JSON.stringify([
      { content: 't.me/kate', type: 0 },
      { content: 'private VIP room', type: 2 },
    ]),
  });
});
afterAll(async () => {
  await browser?.close();
  await db?.destroy();
});
beforeEach(async () => {
  context = await newContext(browser);
});
afterEach(async () => {
  await context?.close();
});

const usd = (amount: number) => `$${amount.toLocaleString('en-US')}`;
const bonusText = async (page: Page) =>
  (await page.getByTestId('signup-bonus').textContent({ timeout: 20_000 })) ?? '';

describe('invite friends', () => {
  it('A copies the invite link, B signs up with it on another site, A sees one invitee', async () => {
    const inviter = uniqueEmail('inviter');
    const page = await openSite(context, 'global', '/en/sign-up');
    await signUp(page, { email: inviter, residence: 'GB' });
    await page.waitForURL((url) => url.pathname === '/en/dashboard');
    await page.getByRole('heading', { name: 'Invite friends' }).waitFor({ timeout: 20_000 });
    const link = (await page.getByTestId('invite-link').textContent()) ?? '';
    expect(link).toMatch(/\/en\/invite\?ref=[A-HJ-NP-Z2-9]{8}$/);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await page.getByRole('img', { name: 'QR code of your invite link' }).waitFor();
    expect(await page.getByTestId('invitee-count').textContent()).toBe(
      'People who signed up with your code: 0',
    );
    await expectNoAxeViolations(page);

    // B opens the link on the EU site's host.
    const code = new URL(link).searchParams.get('ref') ?? '';
    const other = await newContext(browser);
    try {
      const landing = await openSite(other, 'eu', `/en-EU/invite?ref=${code}`);
      await landing.getByText(`${inviter.slice(0, 3)}***@example.com invited you to sign up.`).waitFor();
      expect(await bonusText(landing)).toContain(usd(signupBonus('EU', 'referral')));
      await acceptCookies(landing);
      await expectNoAxeViolations(landing);
      await landing.getByRole('link', { name: 'Sign up with this invite' }).click();
      await landing.waitForURL(
        (url) => url.pathname === '/en-EU/sign-up' && url.searchParams.get('ref') === code,
      );
      await signUp(landing, { email: uniqueEmail('invitee'), residence: 'DE' });
      await landing.waitForURL((url) => url.pathname === '/user/accounts/auth/personal');
    } finally {
      await other.close();
    }

    await page.reload();
    await page.getByTestId('invitee-count').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('invitee-count').textContent()).toBe(
      'People who signed up with your code: 1',
    );
  });
});

describe('affiliate landing', () => {
  it("shows the affiliate's card, and hides it once the operator sets anonymity", async () => {
    const page = await openSite(context, 'global', `/en/sign-up?affiliate_id=${AFFILIATE}`);
    const card = page.getByRole('complementary', { name: 'Invited by' });
    await card.waitFor({ timeout: 20_000 });
    expect(await card.textContent()).toContain('Crypto Kate');
    expect(await card.textContent()).toContain('t.me/kate');
    expect(await card.textContent()).not.toContain('private VIP room');
    await acceptCookies(page);
    await expectNoAxeViolations(page);

    await admin.setFlags('affiliate', AFFILIATE, { anonymous: true });
    try {
      const hidden = await openSite(context, 'global', `/en/sign-up?affiliate_id=${AFFILIATE}`);
      expect(await bonusText(hidden)).toContain(usd(signupBonus('global', 'affiliate')));
      expect(await hidden.getByRole('complementary', { name: 'Invited by' }).count()).toBe(0);
    } finally {
      await admin.setFlags('affiliate', AFFILIATE, { anonymous: false });
    }
  });
});

describe('sign-up bonus per site', () => {
  const sites: [SiteId, string | null, string][] = [
    ['global', null, '/en/sign-up'],
    ['EU', 'eu', '/en-EU/sign-up'],
    ['GEO', 'ge', '/en-GEO/sign-up'],
    ['TUR', 'tr', '/en-TR/sign-up'],
  ];
  for (const [site, label, path] of sites) {
    it(`${site}: a normal, a referral and an affiliate visitor see the §9 amounts`, async () => {
      const normal = await openSite(context, label, path);
      expect(await bonusText(normal)).toContain(usd(signupBonus(site, 'normal')));
      const referral = await openSite(context, label, `${path}?ref=ABCD2345`);
      expect(await bonusText(referral)).toContain(usd(signupBonus(site, 'referral')));
      const affiliate = await openSite(context, label, `${path}?affiliate_id=${AFFILIATE}`);
      const text = await bonusText(affiliate);
      expect(text).toContain(usd(signupBonus(site, 'affiliate')));
      const extra = affiliateExtraBonus(site);
      if (extra !== null) expect(text).toContain(usd(extra));
      expect(text).toContain(usd(signupBonus(site, 'signup', { affiliateVisitor: true })));
    });
  }
});
