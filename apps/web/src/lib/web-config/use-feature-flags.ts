import type { FeatureFlags } from '@gatehouse/contract/feature-flags';
import { useApiData } from '../use-api-data';
import { fetchFeatureFlags } from './fetch-web-config';

const NONE_KNOWN: Partial<FeatureFlags> = {};

/**
 * The operator's feature flags for the lazy pages (sign-up, dashboard), read after the first render:
 * until they arrive (and when the call fails) every flag is unknown, which the pages treat as on. The
 * answer is the cached web config call the captcha makes too (fetch-web-config.ts). The login page
 * reads them through its actions chunk instead: this module would put the API client in its shell.
 */
export function useFeatureFlags(): Partial<FeatureFlags> {
  return useApiData('feature-flags', fetchFeatureFlags).data ?? NONE_KNOWN;
}
