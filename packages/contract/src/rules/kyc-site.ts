import type { SiteId } from '../sites/site-types.js';
import { isEeaCountry } from './eea.js';

/**
 * Which regional site a KYC country belongs to (spec §4 site jump, §7 get-rc-config). Countries with
 * a site of their own go there; the rest of the EEA to the EU site; everyone else to global.
 */
const OWN_SITE: Readonly<Record<string, SiteId>> = {
  HK: 'HKG',
  TR: 'TUR',
  KZ: 'KAZ',
  NL: 'NLD',
  GE: 'GEO',
  ID: 'IDN',
  AE: 'ARE',
  JP: 'JPN',
};

export function homeSiteOf(kycCountry: string): SiteId {
  const code = kycCountry.trim().toUpperCase();
  return OWN_SITE[code] ?? (isEeaCountry(code) ? 'EU' : 'global');
}

/** The KYC countries a site takes; empty for global, which takes every country no other site does. */
export function kycCountriesOf(site: SiteId): string[] {
  if (site === 'global') return [];
  return Object.entries(OWN_SITE)
    .filter(([, s]) => s === site)
    .map(([c]) => c);
}

/** Spec §6: KYC-verified when kyc_person_level or member_tag.KYC is present and not 0. */
export function isKycVerified(profile: {
  kyc_person_level?: number;
  member_tag?: { KYC?: number };
}): boolean {
  return Boolean(profile.kyc_person_level) || Boolean(profile.member_tag?.KYC);
}

/** The sites a user may be moved to after login (spec §4: HKG, the main site, NLD). */
const JUMP_TARGETS: ReadonlySet<SiteId> = new Set<SiteId>(['HKG', 'global', 'NLD']);

/** Pages that never jump (spec §4): OAuth, demo-account login and the Turkey-type pages. */
export type JumpPageKind = 'normal' | 'oauth' | 'demo' | 'turkey';

export interface SiteJump {
  to: SiteId;
  /** The Netherlands forces the jump; elsewhere it is offered. */
  forced: boolean;
}

/**
 * Where a user whose KYC country belongs to another site is sent after login (spec §4), or null:
 * never on OAuth, demo or Turkey-type pages, never when Hong Kong is involved (the login-site
 * mismatch answers that, 400601/400602), only towards HKG, global or NLD; the Netherlands forces it.
 */
export function siteJumpFor(input: {
  site: SiteId;
  kycCountry: string | null;
  page: JumpPageKind;
}): SiteJump | null {
  if (input.kycCountry === null || input.page !== 'normal') return null;
  const to = homeSiteOf(input.kycCountry);
  if (to === input.site || !JUMP_TARGETS.has(to)) return null;
  if (to === 'HKG' || input.site === 'HKG') return null;
  return { to, forced: to === 'NLD' || input.site === 'NLD' };
}
