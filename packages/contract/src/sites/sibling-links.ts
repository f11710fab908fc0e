import { LOOPBACK_HOSTS, parseHost } from './host-name.js';
import type { Environment } from './site-types.js';

export interface SiblingLinks {
  blog: string;
  learn: string;
  announcements: string;
}

// Labels in front of a site's domain that name an environment or the web entry, not the site.
const ENTRY_LABELS: ReadonlySet<string> = /* @__PURE__ */ new Set(['www', 'testnet', 'test']);

/**
 * Blog, learn and announcements links on sibling sub-domains of the current site (§1).
 *
 * The site's base is the host without its `www.`/`testnet.`/`test.` label (the host forms
 * `resolveHost` accepts). On testnet each label takes the prefix `testnet-` and the blog is
 * `newblog`: `https://testnet-newblog.<base>`. The test environment links like prod.
 *
 * Local hosts (`localhost`, `*.localhost`, loopback addresses) get the same rule over http with the
 * port kept, e.g. `http://blog.eu.localhost:3000`: the names resolve to loopback, so the link shape
 * can be checked locally, and nothing points at a real production site from a dev machine.
 * An invalid host yields `/` for every link (same-origin root), never a link elsewhere.
 */
export function siblingLinks(host: string, env: Environment): SiblingLinks {
  const parts = parseHost(host);
  if (!parts) return { blog: '/', learn: '/', announcements: '/' };
  const local = LOOPBACK_HOSTS.has(parts.hostname) || parts.hostname.endsWith('.localhost');
  const base = siteBase(parts.hostname);
  const origin = (label: string): string => {
    const name = env === 'testnet' ? `testnet-${label}` : label;
    return local ? `http://${name}.${base}${parts.port ? `:${parts.port}` : ''}` : `https://${name}.${base}`;
  };
  return {
    blog: origin(env === 'testnet' ? 'newblog' : 'blog'),
    learn: origin('learn'),
    announcements: origin('announcements'),
  };
}

function siteBase(hostname: string): string {
  if (hostname === '127.0.0.1' || hostname === '[::1]') return 'localhost';
  const dot = hostname.indexOf('.');
  if (dot === -1) return hostname;
  return ENTRY_LABELS.has(hostname.slice(0, dot)) ? hostname.slice(dot + 1) : hostname;
}
