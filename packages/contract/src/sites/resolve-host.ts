import { parseHost } from './host-name.js';
import { SITE_LIST } from './site-table.js';
import type { Environment, SiteId } from './site-types.js';

export interface HostMatch {
  site: SiteId;
  env: Environment;
}

/** Production domains per site, from configuration, e.g. `{ global: ['gatehouse.example'], EU: ['gatehouse.eu'] }`. */
export type SiteDomains = Partial<Record<SiteId, readonly string[]>>;

const ENV_LABELS: Readonly<Record<string, Environment>> = { testnet: 'testnet', test: 'test' };
// Host prefixes allowed in front of a configured domain, and the environment each stands for.
const DOMAIN_PREFIXES: readonly (readonly [string, Environment])[] = [
  ['www.', 'prod'],
  ['testnet.', 'testnet'],
  ['test.', 'test'],
];

/**
 * Site and environment from a Host header (§1), or null when the host is invalid or unknown.
 *
 * Local forms (always recognised; `*.localhost` resolves to loopback in browsers):
 * `localhost`, `127.0.0.1`, `[::1]` → global; `<label>.localhost` → the site with that local label;
 * either optionally behind `testnet.` or `test.` (`testnet.localhost`, `test.eu.localhost`).
 * A local host without environment label stands for prod.
 *
 * Production: a configured domain itself or `www.`, `testnet.`, `test.` + domain. Exact domain
 * matches win over prefixed ones, so `test.example` may itself be configured for a site.
 */
export function resolveHost(host: string, domains: SiteDomains = {}): HostMatch | null {
  const parts = parseHost(host);
  if (!parts) return null;
  const name = parts.hostname;
  if (name === '127.0.0.1' || name === '[::1]') return { site: 'global', env: 'prod' };
  if (name === 'localhost' || name.endsWith('.localhost')) return resolveLocal(name);
  return resolveConfigured(name, domains);
}

function resolveLocal(name: string): HostMatch | null {
  const labels = name.split('.').slice(0, -1);
  let env: Environment = 'prod';
  const first = labels[0];
  if (first !== undefined && ENV_LABELS[first]) {
    env = ENV_LABELS[first];
    labels.shift();
  }
  if (labels.length === 0) return { site: 'global', env };
  if (labels.length > 1) return null;
  const site = SITE_LIST.find((definition) => definition.localLabel === labels[0]);
  return site ? { site: site.id, env } : null;
}

function resolveConfigured(name: string, domains: SiteDomains): HostMatch | null {
  const entries: [SiteId, string][] = [];
  for (const site of SITE_LIST) {
    for (const domain of domains[site.id] ?? []) entries.push([site.id, normaliseDomain(domain)]);
  }
  const exact = entries.find(([, domain]) => domain === name);
  if (exact) return { site: exact[0], env: 'prod' };
  for (const [prefix, env] of DOMAIN_PREFIXES) {
    if (!name.startsWith(prefix)) continue;
    const rest = name.slice(prefix.length);
    const match = entries.find(([, domain]) => domain === rest);
    if (match) return { site: match[0], env };
  }
  return null;
}

function normaliseDomain(domain: string): string {
  const lower = domain.trim().toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}
