import * as endpoints from '@gatehouse/contract/endpoints/system';
import { WEB_CONFIG_KEY, WEB_CONFIG_PROJECT } from '@gatehouse/contract';
import { FEATURE_CONFIG_KEY, featureFlagsFrom, type FeatureFlags } from '@gatehouse/contract/feature-flags';
import { api } from '../../api';

/**
 * Every web config entry the pages read, in one call with one body: the answer is cached 60 s by that
 * body (spec §7), so the captcha at submit time, the feature flags and the sign-up variant share one
 * request per page view instead of one each.
 */
const KEYS = [
  WEB_CONFIG_KEY.CAPTCHA_SCENE_CONFIG,
  WEB_CONFIG_KEY.CAPTCHA_VENDOR_SCRIPTS,
  WEB_CONFIG_KEY.CAPTCHA_REQUIRED,
  FEATURE_CONFIG_KEY.FEATURE_FLAGS,
  FEATURE_CONFIG_KEY.REGISTER_UI,
];

/**
 * The entries by name; empty when the call fails, silently: a failed config call must never stop a
 * page, each reader has its default.
 */
export async function fetchWebConfig(): Promise<ReadonlyMap<string, unknown>> {
  const values = new Map<string, unknown>();
  try {
    const envelope = await api.call(
      endpoints.webConfig,
      { project_name: WEB_CONFIG_PROJECT, keys: KEYS },
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
