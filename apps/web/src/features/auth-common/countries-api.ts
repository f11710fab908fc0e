import type { CountryCodeResult, CountryEntry, CountryListResult } from '@gatehouse/contract';
import { api } from '../../api';

export const COUNTRY_LIST_PATH = '/v2/public/country-list';
export const COUNTRY_CODE_PATH = '/register/countryCode';

/**
 * `GET /v2/public/country-list` (cached): `iso` lists every country (residence), otherwise those with a
 * calling code (phone); `withDisabled` includes the blocked ones, marked `disabled` (§6).
 */
export async function fetchCountries(
  options: { iso?: boolean; withDisabled?: boolean } = {},
): Promise<CountryEntry[]> {
  const params = new URLSearchParams();
  if (options.iso) params.set('is_iso', '1');
  if (options.withDisabled) params.set('is_disable', '1');
  const query = params.size > 0 ? `?${params.toString()}` : '';
  const answer = await api.get<CountryListResult>(`${COUNTRY_LIST_PATH}${query}`, { useCache: true });
  return answer?.result.list ?? [];
}

/** `GET /register/countryCode`: the calling code to preselect; null when the server cannot tell. */
export async function fetchDefaultCountry(): Promise<CountryCodeResult | null> {
  const answer = await api.get<CountryCodeResult>(COUNTRY_CODE_PATH, { useCache: true, hideError: true });
  return answer?.result ?? null;
}
