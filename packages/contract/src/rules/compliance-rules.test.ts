import { describe, expect, it } from 'vitest';
import {
  complianceRuleApplies,
  matchComplianceRules,
  rulesNeedAccount,
  type ComplianceContext,
  type ComplianceRule,
} from './compliance-rules.js';

const rule = (r: Partial<ComplianceRule> = {}): ComplianceRule => ({
  element: 'signupBonus',
  action: 'hide',
  siteId: 'global',
  priority: 0,
  ...r,
});
const ctx = (c: Partial<ComplianceContext> = {}): ComplianceContext => ({
  siteId: 'global',
  account: null,
  rc: '',
  ...c,
});

// One row per sentence of spec §5 "A compliance rule applies only if siteId equals the current site
// and account and rc match; an unset value matches anything. With logic 'or' either may match;
// otherwise both must."
describe('complianceRuleApplies (spec §5)', () => {
  it.each<[string, Partial<ComplianceRule>, Partial<ComplianceContext>, boolean]>([
    // siteId equals the current site
    ['same site, nothing else set', {}, {}, true],
    ['another site never applies', { siteId: 'EU' }, {}, false],
    ['another site never applies, even with logic or', { siteId: 'EU', logic: 'or' }, { rc: 'EEA' }, false],
    // account and rc must match
    ['rc matches', { rc: 'EEA' }, { rc: 'EEA' }, true],
    ['rc differs', { rc: 'EEA' }, { rc: '' }, false],
    ['account matches', { account: 'NL' }, { account: 'NL' }, true],
    ['account differs', { account: 'NL' }, { account: 'DE' }, false],
    ['account set, no account known', { account: 'NL' }, { account: null }, false],
    // an unset value matches anything
    ['unset account matches any account', { rc: 'EEA' }, { rc: 'EEA', account: 'FR' }, true],
    ['unset account matches no account', { rc: 'EEA' }, { rc: 'EEA', account: null }, true],
    ['unset rc matches any rc', { account: 'NL' }, { account: 'NL', rc: 'EEA' }, true],
    // logic and (default): both must match
    ['and: both match', { account: 'NL', rc: 'EEA' }, { account: 'NL', rc: 'EEA' }, true],
    ['and: only account matches', { account: 'NL', rc: 'EEA' }, { account: 'NL', rc: '' }, false],
    ['and: only rc matches', { account: 'NL', rc: 'EEA', logic: 'and' }, { account: 'DE', rc: 'EEA' }, false],
    // logic or: either may match
    ['or: only account matches', { account: 'NL', rc: 'EEA', logic: 'or' }, { account: 'NL' }, true],
    ['or: only rc matches', { account: 'NL', rc: 'EEA', logic: 'or' }, { account: 'DE', rc: 'EEA' }, true],
    ['or: neither matches', { account: 'NL', rc: 'EEA', logic: 'or' }, { account: 'DE', rc: '' }, false],
    // or with one side unset: the unset side matches anything, so the rule applies
    ['or: account set, rc unset', { account: 'NL', logic: 'or' }, { account: 'DE' }, true],
  ])('%s', (_name, r, c, applies) => {
    expect(complianceRuleApplies(rule(r), ctx(c))).toBe(applies);
  });
});

describe('matchComplianceRules (spec §5 "Among rules for the same element, higher priority wins")', () => {
  it('keeps the highest priority per element, whatever the order', () => {
    const low = rule({ action: 'hide', priority: 1 });
    const high = rule({ action: 'show', priority: 5 });
    expect(matchComplianceRules([low, high], ctx()).signupBonus).toBe(high);
    expect(matchComplianceRules([high, low], ctx()).signupBonus).toBe(high);
  });

  it('a higher priority rule that does not apply does not win', () => {
    const applies = rule({ priority: 1 });
    const elsewhere = rule({ priority: 9, siteId: 'EU' });
    const otherRc = rule({ priority: 8, rc: 'EEA' });
    expect(matchComplianceRules([elsewhere, otherRc, applies], ctx()).signupBonus).toBe(applies);
  });

  it('on equal priority the first listed wins', () => {
    const first = rule({ action: 'hide' });
    const second = rule({ action: 'show' });
    expect(matchComplianceRules([first, second], ctx()).signupBonus).toBe(first);
  });

  it('elements are decided independently; no applicable rule leaves the element out', () => {
    const out = matchComplianceRules(
      [rule({ element: 'a' }), rule({ element: 'b', rc: 'EEA' }), rule({ element: 'c', siteId: 'EU' })],
      ctx({ rc: 'EEA' }),
    );
    expect(Object.keys(out).sort()).toEqual(['a', 'b']);
  });

  it('no rules: nothing', () => {
    expect(matchComplianceRules([], ctx())).toEqual({});
  });
});

describe('rulesNeedAccount (spec §4: publish again once the profile is ready)', () => {
  it('only a rule of this site with an account waits for the profile', () => {
    expect(rulesNeedAccount([rule({ rc: 'EEA' })], 'global')).toBe(false);
    expect(rulesNeedAccount([rule({ account: 'NL', siteId: 'EU' })], 'global')).toBe(false);
    expect(rulesNeedAccount([rule({ account: 'NL' })], 'global')).toBe(true);
  });
});
