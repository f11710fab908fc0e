import { SIGNUP_BONUS_CONFIG_KEY } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { formatUsd, visitorBonus, visitorChannel } from './bonus-amount';

describe('visitor bonus', () => {
  it('reads the channel from the query: a digits-only affiliate id, else a ref, else normal', () => {
    expect(visitorChannel('?affiliate_id=1001&ref=X')).toBe('affiliate');
    expect(visitorChannel('?affiliate_id=12a&ref=ABCD2345')).toBe('referral');
    expect(visitorChannel('?affiliate_id=12a')).toBe('normal');
    expect(visitorChannel('')).toBe('normal');
  });

  it('picks the §9 amounts per site and channel, and the configured ones', () => {
    const none = new Map<string, unknown>();
    expect(visitorBonus('global', 'affiliate', none)).toEqual({ amount: 30100, extra: 30000, signup: 100 });
    expect(visitorBonus('EU', 'referral', none)).toEqual({ amount: 5145, extra: null, signup: 30 });
    expect(visitorBonus('GEO', 'affiliate', none)).toEqual({ amount: 100, extra: null, signup: 30100 });
    expect(visitorBonus('TUR', 'normal', none)).toEqual({ amount: 5100, extra: null, signup: 100 });
    const configured = new Map<string, unknown>([[SIGNUP_BONUS_CONFIG_KEY, { TUR: { normal: 7000 } }]]);
    expect(visitorBonus('TUR', 'normal', configured).amount).toBe(7000);
  });

  it('formats whole US dollars in the page language, also for site locales that are not BCP 47 tags', () => {
    expect(formatUsd(5100, 'en')).toBe('$5,100');
    expect(formatUsd(5100, 'tr-TUR')).toBe(
      new Intl.NumberFormat('tr', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(
        5100,
      ),
    );
    expect(formatUsd(1125, 'ka-GEO')).toContain('1');
    expect(formatUsd(30, 'en-EU')).toBe('$30');
  });
});
