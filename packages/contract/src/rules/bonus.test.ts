import { describe, expect, it } from 'vitest';
import { affiliateExtraBonus, fallbackSignupBonus, signupBonus } from './bonus.js';

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
