import { parseHost } from './host-name.js';
import type { SiteDomains } from './resolve-host.js';
import { SITES } from './site-table.js';
import type { Environment, SiteId } from './site-types.js';

const ENV_PREFIX: Readonly<Record<Environment, string>> = { prod: '', testnet: 'testnet.', test: 'test.' };

/**
 * The origin of another regional site in the same environment, as seen from `fromOrigin` (the
 * residence modals' "go to the EU site", the site jump): the local `*.localhost` form when the page is
 * local, else the site's first configured domain (SITE_DOMAINS) with the environment's prefix; null
 * when the site has no domain configured.
 */
export function siteOrigin(
  target: SiteId,
  fromOrigin: string,
  env: Environment,
  domains: SiteDomains = {},
): string | null {
  let url: URL;
  try {
    url = new URL(fromOrigin);
  } catch {
    return null;
  }
  const parts = parseHost(url.host);
  if (!parts) return null;
  const port = url.port ? `:${url.port}` : '';
  const name = parts.hostname;
  if (name === 'localhost' || name.endsWith('.localhost') || name === '127.0.0.1' || name === '[::1]') {
    const label = SITES[target].localLabel;
    return `${url.protocol}//${ENV_PREFIX[env]}${label ? `${label}.` : ''}localhost${port}`;
  }
  const domain = domains[target]?.[0]?.trim().toLowerCase().replace(/\.$/, '');
  return domain ? `${url.protocol}//${ENV_PREFIX[env]}${domain}${port}` : null;
}
