import * as channelCalls from '@gatehouse/contract/endpoints/channels';
import { RetCode } from '@gatehouse/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, testBootstrap } from '../../test/render-app';
import { apiFakeForFile, fail, ok } from '../../test/api-fake';

const fake = apiFakeForFile();
const SLOW = { timeout: 8000 };

const CARD = {
  nickname: 'Crypto Kate',
  headimg: 'https://cdn.example.com/kate.png',
  personality: { personalSignature: 'Trading since 2017', content: 'Join my community' },
  groupInfo: [{ content: 't.me/kate', type: 0 }],
};

describe('sign-up channel', () => {
  it("shows the affiliate's card and the affiliate bonus above the sign-up form", async () => {
    fake.answer(channelCalls.affiliateAnonymity, ok({ isShow: true, code: '1001' }));
    fake.answer(channelCalls.affiliateOpenInfo, ok(CARD));
    await renderApp('/en/sign-up?affiliate_id=1001&group_id=tg', testBootstrap('global'));
    const card = await screen.findByTestId('affiliate-card', {}, SLOW);
    expect(card.textContent).toContain('Crypto Kate');
    expect(card.textContent).toContain('t.me/kate');
    expect(screen.getByRole('img', { name: 'Photo of Crypto Kate' })).toBeTruthy();
    // StrictMode (development) runs the load twice; every request is the same.
    expect(new Set(fake.received(channelCalls.affiliateOpenInfo).map((r) => JSON.stringify(r)))).toEqual(
      new Set([JSON.stringify({ affid: '1001', group_id: 'tg' })]),
    );
    const bonus = await screen.findByTestId('signup-bonus');
    expect(bonus.textContent).toContain('$30,100');
    expect(bonus.textContent).toContain('$30,000');
  }, 15_000);

  it('shows no card when the affiliate chose anonymity, and asks no profile', async () => {
    fake.answer(channelCalls.affiliateAnonymity, ok({ isShow: false, code: '1002' }));
    await renderApp('/en/sign-up?affiliate_id=1002', testBootstrap('global'));
    await screen.findByTestId('signup-bonus', {}, SLOW);
    await waitFor(() => expect(fake.received(channelCalls.affiliateAnonymity)).not.toEqual([]));
    expect(screen.queryByTestId('affiliate-card')).toBeNull();
    expect(fake.received(channelCalls.affiliateOpenInfo)).toEqual([]);
  }, 15_000);

  it('refuses a non-digit affiliate id locally: no call, the normal bonus', async () => {
    await renderApp('/en/sign-up?affiliate_id=12a', testBootstrap('global'));
    const bonus = await screen.findByTestId('signup-bonus', {}, SLOW);
    expect(bonus.getAttribute('data-channel')).toBe('normal');
    expect(bonus.textContent).toContain('$5,100');
    expect(fake.received(channelCalls.affiliateAnonymity)).toEqual([]);
    expect(fake.received(channelCalls.affiliateOpenInfo)).toEqual([]);
  }, 15_000);

  it('stays silent when the affiliate is unknown (610016)', async () => {
    fake.answer(channelCalls.affiliateAnonymity, fail(RetCode.AffiliateNotFound));
    await renderApp('/en/sign-up?affiliate_id=4242', testBootstrap('global'));
    await screen.findByTestId('signup-bonus', {}, SLOW);
    expect(screen.queryByTestId('affiliate-card')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  }, 15_000);
});

describe('referral landing', () => {
  it('shows the masked inviter, the referral bonus and a sign-up link keeping the code', async () => {
    fake.answer(
      channelCalls.codeInfo,
      ok({ scene: 2, tpl: 'referral', info: { success: true, inviter: 'kat***@example.com' } }),
    );
    await renderApp('/en/friend-invite?ref=ABCD2345&utmsource=x', testBootstrap('global'));
    expect((await screen.findByTestId('referral-status')).textContent).toBe(
      'kat***@example.com invited you to sign up.',
    );
    expect(fake.received(channelCalls.codeInfo)).toContainEqual({ code: 'ABCD2345' });
    expect((await screen.findByTestId('signup-bonus')).textContent).toContain('$6,135');
    const link = screen.getByRole('link', { name: 'Sign up with this invite' });
    expect(link.getAttribute('href')).toBe('/en/sign-up?ref=ABCD2345&utmsource=x');
  });

  it('says so for an unknown code and still offers the sign-up', async () => {
    fake.answer(channelCalls.codeInfo, fail(RetCode.RefCodeNotFound));
    await renderApp('/en/invite?ref=NOPE', testBootstrap('global'));
    expect((await screen.findByTestId('referral-status')).textContent).toContain("couldn't find");
    expect(screen.getByRole('link', { name: 'Sign up with this invite' })).toBeTruthy();
  });
});

describe('exclusive benefits', () => {
  it("lists this site's bonus table", async () => {
    await renderApp('/en-EU/exclusive-benefits', testBootstrap('EU'));
    const table = await screen.findByTestId('benefits-table');
    const row = (key: string) => table.querySelector(`[data-row="${key}"] td`)?.textContent;
    expect(row('normal')).toBe('$5,030');
    expect(row('referral')).toBe('$5,145');
    expect(row('affiliate')).toBe('$30');
    expect(row('affiliateExtra')).toBe('$5,000');
    expect(row('signup')).toBe('$30');
  });
});
