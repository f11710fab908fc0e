import type { SocialProvider } from '@gatehouse/contract';
import { RETURN_QUERY } from './social-names';
import { authorizeUrl } from './social-api';

/**
 * "Continue with …": ask the server for the provider's authorization URL and go there. The page's
 * query (channel, utm, redirect_url) is kept by the server and given back on return.
 * Loaded on click, never with the page.
 */
export async function startSocialLogin(
  provider: SocialProvider,
  from: 'login' | 'register',
  search: string,
): Promise<boolean> {
  const query = new URLSearchParams(search);
  for (const key of Object.values(RETURN_QUERY)) query.delete(key);
  const url = await authorizeUrl(provider, from, query.toString());
  if (!url) return false;
  globalThis.location.assign(url);
  return true;
}
