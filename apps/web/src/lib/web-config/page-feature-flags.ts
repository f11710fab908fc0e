import { FEATURE_CONFIG_KEY, featureFlagsFrom, type FeatureFlags } from '@gatehouse/contract/feature-flags';
import { pageWebConfig } from './page-web-config';

/**
 * The operator's feature flags as this page was served (`PageBootstrap.webConfig`), or null when it
 * carried none. Kept for the page view, as a flag read once per view always was: an operator's change
 * shows on the next page. Apart from page-web-config.ts, which the entry holds: only pages that read a
 * flag carry the flags' defaults and parser.
 */
export function pageFeatureFlags(): FeatureFlags | null {
  const page = pageWebConfig();
  return page ? featureFlagsFrom(page.values.get(FEATURE_CONFIG_KEY.FEATURE_FLAGS)) : null;
}
