import { REGULATION_INFO_TTL_MS, regulationCountry, type RegulationCountry } from '@gatehouse/contract';
import * as endpoints from '@gatehouse/contract/endpoints/compliance';
import { api } from '../../api';
import { readLocal, writeLocal } from '../local-flags';

/** Spec §3: the regulation info is kept locally under this key, with its expiry. */
export const REGULATION_STORAGE_KEY = 'REGULATION_RESTRICT_OPERATE';

interface StoredRegulation {
  restrictOperate: boolean;
  /** Epoch ms after which the stored answer is asked again (spec §9: 10000 ms). */
  expiredTime: number;
}

function stored(now: number): StoredRegulation | null {
  try {
    const value = JSON.parse(readLocal(REGULATION_STORAGE_KEY) ?? 'null') as Partial<StoredRegulation> | null;
    if (value && typeof value.restrictOperate === 'boolean' && typeof value.expiredTime === 'number') {
      return value.expiredTime > now ? (value as StoredRegulation) : null;
    }
  } catch {
    // A broken entry is asked again.
  }
  return null;
}

/**
 * `restrictOperate` (spec §4, §7): from local storage while fresh (10 s), else from the server, then
 * kept. A failed call counts as not restricted: the server refuses what it must anyway.
 */
export async function fetchRestrictOperate(now: () => number = Date.now): Promise<boolean> {
  const kept = stored(now());
  if (kept) return kept.restrictOperate;
  // The local entry above is this call's cache (spec §3): the client's response cache would only shadow it.
  const answer = await api
    .call(endpoints.regulationInfo, {}, { hideError: true, useCache: false })
    .catch(() => null);
  const restrictOperate = answer?.result.restrictOperate ?? false;
  if (answer) {
    writeLocal(
      REGULATION_STORAGE_KEY,
      JSON.stringify({
        restrictOperate,
        expiredTime: now() + REGULATION_INFO_TTL_MS,
      } satisfies StoredRegulation),
    );
  }
  return restrictOperate;
}

/** Spec §4: `EEA` when restrictOperate is set, else ``. */
export async function fetchRegulationCountry(): Promise<RegulationCountry> {
  return regulationCountry(await fetchRestrictOperate());
}

/** The country/IP check: `eea`, `` (known, not EEA) or null (unknown or failed). */
export async function fetchVisitorGroup(): Promise<'eea' | '' | null> {
  const answer = await api.call(endpoints.countryCheck, {}, { hideError: true }).catch(() => null);
  if (!answer || answer.result.code === null) return null;
  return answer.result.group_country;
}
