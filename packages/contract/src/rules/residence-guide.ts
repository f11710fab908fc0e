import type { SiteId } from '../sites/site-types.js';
import { isBlockedCountry } from './blocked-countries.js';

/**
 * The residence guide of one site (spec §3 "Residence guide config"): which residences belong on
 * another site (`guideConfigs`, the redirect list), and which countries the residence dropdown offers
 * (`showMode` 0: every country but `countries2`; any other value: only `countries2`).
 */
export interface ResidenceGuideConfig {
  guideConfigs: { siteId: SiteId; country2: string }[];
  showMode: number;
  countries2: string[];
}

/** A guide that changes nothing: no redirect, every country offered. */
export const OPEN_RESIDENCE_GUIDE: ResidenceGuideConfig = { guideConfigs: [], showMode: 0, countries2: [] };

/** Whether the dropdown offers `country` under the guide's showMode (spec §5). */
export function residenceOffered(guide: ResidenceGuideConfig, country: string): boolean {
  const listed = guide.countries2.includes(country.toUpperCase());
  return guide.showMode === 0 ? !listed : listed;
}

/** The dropdown's countries (spec §5 showMode), in the order given. */
export function residenceOptions<T extends { iso: string }>(
  countries: readonly T[],
  guide: ResidenceGuideConfig,
): T[] {
  return countries.filter((c) => residenceOffered(guide, c.iso));
}

/**
 * What a residence means for a sign-up on this site (spec §5, §6): `blocked` (the form is blocked),
 * `redirect` (the form is hidden and names the site to go to), `not-offered` (the dropdown does not
 * list it) or `ok`. The server refuses everything but `ok` (registration), so a page that is bypassed
 * changes nothing.
 */
export type ResidenceVerdict =
  { kind: 'ok' } | { kind: 'blocked' } | { kind: 'redirect'; siteId: SiteId } | { kind: 'not-offered' };

export function residenceVerdict(
  guide: ResidenceGuideConfig,
  country: string,
  subdivision?: string | null,
): ResidenceVerdict {
  if (isBlockedCountry(country, subdivision)) return { kind: 'blocked' };
  const code = country.trim().toUpperCase();
  const guideTo = guide.guideConfigs.find((g) => g.country2 === code);
  if (guideTo) return { kind: 'redirect', siteId: guideTo.siteId };
  return residenceOffered(guide, code) ? { kind: 'ok' } : { kind: 'not-offered' };
}
