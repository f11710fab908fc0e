import { describe, expect, it } from 'vitest';
import { homeSiteOf, isKycVerified, kycCountriesOf, siteJumpFor, type JumpPageKind } from './kyc-site.js';
import type { SiteId } from '../sites/site-types.js';

describe('homeSiteOf / kycCountriesOf', () => {
  it.each([
    ['NL', 'NLD'],
    ['hk', 'HKG'],
    ['DE', 'EU'],
    ['GB', 'global'],
    ['AE', 'ARE'],
  ])('%s belongs to %s', (country, site) => {
    expect(homeSiteOf(country)).toBe(site);
  });
  it('global lists none; NLD lists NL', () => {
    expect(kycCountriesOf('global')).toEqual([]);
    expect(kycCountriesOf('NLD')).toEqual(['NL']);
  });
});

describe('isKycVerified (spec §6)', () => {
  it.each([
    [{ kyc_person_level: 1, member_tag: { KYC: 0 } }, true],
    [{ kyc_person_level: 0, member_tag: { KYC: 1 } }, true],
    [{ kyc_person_level: 0, member_tag: { KYC: 0 } }, false],
    [{}, false],
  ])('%j → %s', (profile, verified) => {
    expect(isKycVerified(profile)).toBe(verified);
  });
});

// Spec §4 "Site jump".
describe('siteJumpFor', () => {
  it.each<[string, SiteId, string | null, JumpPageKind, ReturnType<typeof siteJumpFor>]>([
    ['Dutch KYC on global is forced to NLD', 'global', 'NL', 'normal', { to: 'NLD', forced: true }],
    ['British KYC on NLD is forced to global', 'NLD', 'GB', 'normal', { to: 'global', forced: true }],
    ['British KYC on Kazakhstan is offered global', 'KAZ', 'GB', 'normal', { to: 'global', forced: false }],
    ['no KYC country: no jump', 'global', null, 'normal', null],
    ['already home: no jump', 'NLD', 'NL', 'normal', null],
    ['never on OAuth pages', 'global', 'NL', 'oauth', null],
    ['never on demo login', 'global', 'NL', 'demo', null],
    ['never on Turkey-type pages', 'global', 'NL', 'turkey', null],
    ['never when Hong Kong is the target', 'global', 'HK', 'normal', null],
    ['never when Hong Kong is the current site', 'HKG', 'GB', 'normal', null],
    ['only towards HKG, global, NLD: German KYC on global stays', 'global', 'DE', 'normal', null],
  ])('%s', (_name, site, kycCountry, page, jump) => {
    expect(siteJumpFor({ site, kycCountry, page })).toEqual(jump);
  });
});
