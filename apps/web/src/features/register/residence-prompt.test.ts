import { afterEach, describe, expect, it } from 'vitest';
import {
  registerUrlOn,
  RESIDENCE_CONFIRM_VALID_MS,
  residenceConfirmed,
  residenceConfirmKey,
  residencePromptFor,
  storeResidenceConfirmation,
} from './residence-prompt';

afterEach(() => window.localStorage.clear());

// Spec §8: which residence modal each site's sign-up page opens.
describe('residencePromptFor', () => {
  it.each([
    ['global', { restrictOperate: true, visitorGroup: null }, 'mainSiteEuResidenceConfirm'],
    ['global', { restrictOperate: false, visitorGroup: 'eea' }, null],
    ['EU', { restrictOperate: false, visitorGroup: '' }, 'euSiteNoEuResidenceConfirm'],
    ['EU', { restrictOperate: false, visitorGroup: 'eea' }, null],
    // An unknown country is not asked: the server refuses a residence outside the EEA anyway.
    ['EU', { restrictOperate: false, visitorGroup: null }, null],
    ['GEO', { restrictOperate: false, visitorGroup: null }, 'ResidenceConfirm'],
    ['ARE', { restrictOperate: false, visitorGroup: null }, 'AeResidenceConfirm'],
    ['JPN', { restrictOperate: true, visitorGroup: '' }, null],
  ] as const)('%s %j → %s', (site, facts, kind) => {
    expect(residencePromptFor(site, facts)).toBe(kind);
  });
});

describe('stored confirmation', () => {
  it('holds within its validity and not after, nor from the future or garbage', () => {
    const now = 1_000_000_000_000;
    expect(residenceConfirmed('Gatehouse', 'ResidenceConfirm', now)).toBe(false);
    storeResidenceConfirmation('Gatehouse', 'ResidenceConfirm', now);
    expect(residenceConfirmed('Gatehouse', 'ResidenceConfirm', now + 1000)).toBe(true);
    expect(residenceConfirmed('Gatehouse', 'AeResidenceConfirm', now + 1000)).toBe(false);
    expect(residenceConfirmed('Gatehouse', 'ResidenceConfirm', now + RESIDENCE_CONFIRM_VALID_MS)).toBe(false);
    window.localStorage.setItem(residenceConfirmKey('Gatehouse', 'ResidenceConfirm'), String(now + 5000));
    expect(residenceConfirmed('Gatehouse', 'ResidenceConfirm', now)).toBe(false);
    window.localStorage.setItem(residenceConfirmKey('Gatehouse', 'ResidenceConfirm'), 'yes');
    expect(residenceConfirmed('Gatehouse', 'ResidenceConfirm', now)).toBe(false);
  });
});

describe('registerUrlOn', () => {
  it('keeps the query', () => {
    expect(registerUrlOn('http://eu.localhost:3000', '?ref=abc')).toBe(
      'http://eu.localhost:3000/register?ref=abc',
    );
    expect(registerUrlOn('http://localhost:3000', '')).toBe('http://localhost:3000/register');
  });
});
