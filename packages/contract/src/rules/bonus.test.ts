import { describe, expect, it } from 'vitest';
import {
  affiliateExtraBonus,
  bonusRegion,
  bonusTableFor,
  defaultSignupBonusConfig,
  fallbackSignupBonus,
  signupBonus,
} from './bonus.js';

describe('sign-up bonus (§9)', () => {
  it('default region amounts', () => {
    expect(signupBonus('global', 'normal')).toBe(5100);
    expect(signupBonus('global', 'affiliate')).toBe(30100);
    expect(signupBonus('HKG', 'referral')).toBe(6135);
    expect(signupBonus('JPN', 'signup')).toBe(100);
    expect(affiliateExtraBonus('global')).toBe(30000);
  });

  it('EU amounts', () => {
    expect(signupBonus('EU', 'normal')).toBe(5030);
    expect(signupBonus('EU', 'referral')).toBe(5145);
    expect(signupBonus('EU', 'signup')).toBe(30);
    expect(affiliateExtraBonus('EU')).toBe(5000);
  });

  it('GEO amounts, with the affiliate sign-up amount for affiliate visitors', () => {
    expect(signupBonus('GEO', 'normal')).toBe(100);
    expect(signupBonus('GEO', 'affiliate')).toBe(100);
    expect(signupBonus('GEO', 'referral')).toBe(1125);
    expect(signupBonus('GEO', 'signup')).toBe(100);
    expect(signupBonus('GEO', 'signup', { affiliateVisitor: true })).toBe(30100);
    expect(signupBonus('global', 'signup', { affiliateVisitor: true })).toBe(100);
    expect(affiliateExtraBonus('GEO')).toBeNull();
  });

  it('TUR amounts', () => {
    expect(signupBonus('TUR', 'normal')).toBe(5100);
    expect(signupBonus('TUR', 'affiliate')).toBe(5100);
    expect(signupBonus('TUR', 'referral')).toBe(6135);
    expect(affiliateExtraBonus('TUR')).toBeNull();
  });

  it('fallback sign-up amount $30 on EU, else $100, where the table says not shown', () => {
    expect(fallbackSignupBonus('EU')).toBe(30);
    expect(fallbackSignupBonus('TUR')).toBe(100);
    expect(signupBonus('EU', 'affiliate')).toBe(30);
    expect(signupBonus('TUR', 'signup')).toBe(100);
  });
});

describe('configured bonus amounts (web config signup_bonus)', () => {
  it('overrides the region row field by field and keeps the rest', () => {
    const config = { EU: { referral: 7000 }, Default: { normal: 4000, signup: null } };
    const eu = bonusTableFor('EU', config);
    expect(signupBonus('EU', 'referral', { table: eu })).toBe(7000);
    expect(signupBonus('EU', 'normal', { table: eu })).toBe(5030);
    const jp = bonusTableFor('JPN', config);
    expect(signupBonus('JPN', 'normal', { table: jp })).toBe(4000);
    // null is "not shown": the fallback amount.
    expect(signupBonus('JPN', 'signup', { table: jp })).toBe(100);
    expect(bonusTableFor('GEO', config)).toEqual(bonusTableFor('GEO', undefined));
  });

  it('ignores malformed rows and amounts', () => {
    for (const bad of [null, 'x', 7, [], { Default: 'x' }, { Default: { normal: -1, referral: 1.5 } }]) {
      expect(bonusTableFor('global', bad)).toEqual(bonusTableFor('global', undefined));
    }
    expect(bonusTableFor('global', { Default: { normal: '9' } }).normal).toBe(5100);
    expect(bonusTableFor('global', { Default: { normal: 1e12 } }).normal).toBe(5100);
  });

  it('maps sites to the §9 rows and seeds the §9 table', () => {
    expect(bonusRegion('HKG')).toBe('Default');
    expect(bonusRegion('EU')).toBe('EU');
    expect(defaultSignupBonusConfig().GEO.affiliateSignup).toBe(30100);
    expect(defaultSignupBonusConfig().Default.normal).toBe(5100);
  });
});
