import type { FeatureFlags } from '@gatehouse/contract/feature-flags';
import { useApiData } from '../use-api-data';
import { pageFeatureFlags } from './page-feature-flags';

const NONE_KNOWN: Partial<FeatureFlags> = {};

/**
 * The operator's feature flags for the lazy pages (sign-up, dashboard): the page's own copy when the
 * server inlined one (issue 12), else read after the first render: until they arrive (and when the call
 * fails) every flag is unknown, which the pages treat as on. The answer is the cached web config call the
 * captcha makes too (fetch-web-config.ts), loaded with the API client only when the page carried no flags.
 */
export function useFeatureFlags(): Partial<FeatureFlags> {
  const inline = pageFeatureFlags();
  // The call (and the API client) only when the page carried no flags.
  const fetched = useApiData(inline ? null : 'feature-flags', () =>
    import('./fetch-web-config').then((config) => config.fetchFeatureFlags()),
  ).data;
  return inline ?? fetched ?? NONE_KNOWN;
}
