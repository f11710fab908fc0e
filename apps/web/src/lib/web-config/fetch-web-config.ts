import * as endpoints from '@gatehouse/contract/endpoints/system';
import { cacheTtlMs, PAGE_WEB_CONFIG_KEYS, WEB_CONFIG_PROJECT } from '@gatehouse/contract';
import { FEATURE_CONFIG_KEY, featureFlagsFrom, type FeatureFlags } from '@gatehouse/contract/feature-flags';
import { api } from '../../api';
import { pageWebConfig } from './page-web-config';

/**
 * Every web config entry the pages read, in one call with one body: the answer is cached 60 s by that
 * body (spec §7), so the captcha at submit time, the feature flags and the sign-up variant share one
 * request per page view instead of one each. The page's own copy (inlined by the server, issue 12)
 * stands in for that answer for as long as a cached one would.
 */
export async function fetchWebConfig(): Promise<ReadonlyMap<string, unknown>> {
  const inline = pageWebConfig();
  if (inline && Date.now() - inline.at < cacheTtlMs(endpoints.webConfig.cache)) return inline.values;
  const values = new Map<string, unknown>();
  try {
    const envelope = await api.call(
      endpoints.webConfig,
      { project_name: WEB_CONFIG_PROJECT, keys: [...PAGE_WEB_CONFIG_KEYS] },
      { hideError: true },
    );
    for (const entry of envelope?.result.data ?? []) values.set(entry.name, entry.value);
  } catch {
    // The readers' defaults.
  }
  return values;
}

/** The operator's feature flags (docs/configuration.md "Feature flags"); all on when unknown. */
export async function fetchFeatureFlags(): Promise<FeatureFlags> {
  return featureFlagsFrom((await fetchWebConfig()).get(FEATURE_CONFIG_KEY.FEATURE_FLAGS));
}
