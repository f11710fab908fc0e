import * as endpoints from '@gatehouse/contract/endpoints/countries';
import * as compliance from '@gatehouse/contract/endpoints/compliance';
import type { CountryCodeResult, CountryEntry, ResidenceGuideConfig } from '@gatehouse/contract';
import { api } from '../api';

/**
 * `countryList` (cached): `iso` lists every country (residence), otherwise those with a
 * calling code (phone); `withDisabled` includes the blocked ones, marked `disabled` (§6).
 */
export async function fetchCountries(
  options: { iso?: boolean; withDisabled?: boolean } = {},
): Promise<CountryEntry[]> {
  const answer = await api.call(endpoints.countryList, {
    ...(options.iso ? { is_iso: '1' } : {}),
    ...(options.withDisabled ? { is_disable: '1' } : {}),
  });
  return answer?.result.list ?? [];
}

/** `countryCode`: the calling code to preselect; null when the server cannot tell. */
export async function fetchDefaultCountry(): Promise<CountryCodeResult | null> {
  const answer = await api.call(endpoints.countryCode, {}, { useCache: true, hideError: true });
  return answer?.result ?? null;
}

/** The current site's residence guide (spec §3, §5): showMode, countries2 and the redirect list. */
export async function fetchResidenceGuide(): Promise<ResidenceGuideConfig | null> {
  const answer = await api.call(compliance.residenceGuideConfig, {}, { useCache: true, hideError: true });
  return answer?.result ?? null;
}
