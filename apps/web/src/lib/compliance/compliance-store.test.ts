import type { ComplianceRule } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { createComplianceStore, type ComplianceView } from './compliance-store';

const bonusHiddenForEea: ComplianceRule = {
  element: 'signupBonus',
  action: 'hide',
  siteId: 'global',
  rc: 'EEA',
  priority: 1,
};
const noticeForDutch: ComplianceRule = {
  element: 'kycSiteNotice',
  action: 'show',
  siteId: 'global',
  account: 'NL',
  priority: 1,
};

function recorded(rules: ComplianceRule[]) {
  const store = createComplianceStore('global');
  const views: ComplianceView[] = [];
  store.subscribe((view) => views.push(view));
  store.setRules(rules);
  return { store, views };
}

// Spec §4 "Compliance config: profile ready, regulation ready ...".
describe('compliance store', () => {
  it('publishes nothing before regulation is ready, then the filtered rules', () => {
    const { store, views } = recorded([bonusHiddenForEea]);
    expect(views).toEqual([]);
    store.setRegulationCountry('EEA');
    expect(views).toEqual([{ signupBonus: bonusHiddenForEea }]);
  });

  it('without a rule needing an account, the profile changes nothing (no second publish)', () => {
    const { store, views } = recorded([bonusHiddenForEea]);
    store.setRegulationCountry('');
    store.setAccount('NL');
    expect(views).toEqual([{}]);
  });

  it('with a rule needing an account, publishes again once the profile is ready', () => {
    const { store, views } = recorded([bonusHiddenForEea, noticeForDutch]);
    store.setRegulationCountry('');
    store.setAccount('DE');
    // Published twice although the view is the same: the profile round of §4.
    expect(views).toEqual([{}, {}]);
    store.setAccount('NL');
    expect(views.at(-1)).toEqual({ kycSiteNotice: noticeForDutch });
  });

  it('republishes only when the filtered result changes', () => {
    const { store, views } = recorded([bonusHiddenForEea]);
    store.setRegulationCountry('EEA');
    store.setRegulationCountry('EEA');
    store.setRules([bonusHiddenForEea, { ...bonusHiddenForEea, siteId: 'EU' }]);
    expect(views).toHaveLength(1);
    store.setRegulationCountry('');
    expect(views).toEqual([{ signupBonus: bonusHiddenForEea }, {}]);
  });

  it('a late subscriber gets the last view at once; unsubscribing stops delivery', () => {
    const { store } = recorded([bonusHiddenForEea]);
    store.setRegulationCountry('EEA');
    const late: ComplianceView[] = [];
    const stop = store.subscribe((view) => late.push(view));
    expect(late).toEqual([{ signupBonus: bonusHiddenForEea }]);
    stop();
    store.setRegulationCountry('');
    expect(late).toHaveLength(1);
  });
});
