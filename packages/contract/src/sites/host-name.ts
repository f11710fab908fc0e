export interface HostParts {
  /** Lower-case host name without trailing dot; IPv6 literals keep their brackets (`[::1]`). */
  hostname: string;
  /** The port as written (digits only), or null. */
  port: string | null;
}

const MAX_HOST_NAME_LENGTH = 253;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A DNS host name of letters, digits and hyphens: no empty labels, labels ≤ 63, total ≤ 253. */
export function isValidHostName(name: string): boolean {
  if (name.length === 0 || name.length > MAX_HOST_NAME_LENGTH) return false;
  return name.split('.').every((label) => LABEL.test(label));
}

/**
 * Parses a Host header value (`name[:port]` or `[ipv6][:port]`): lower-cases it, strips one trailing
 * dot and checks the name. Anything else (spaces, control characters, userinfo, bad ports) → null.
 */
export function parseHost(host: string): HostParts | null {
  const lower = host.toLowerCase();
  let name: string;
  let port: string | null = null;
  if (lower.startsWith('[')) {
    const close = lower.indexOf(']');
    if (close === -1) return null;
    name = lower.slice(0, close + 1);
    const after = lower.slice(close + 1);
    if (after !== '') {
      if (!after.startsWith(':')) return null;
      port = after.slice(1);
    }
    if (!/^\[[0-9a-f:.]+\]$/.test(name)) return null;
  } else {
    const colon = lower.indexOf(':');
    if (colon !== lower.lastIndexOf(':')) return null;
    name = colon === -1 ? lower : lower.slice(0, colon);
    port = colon === -1 ? null : lower.slice(colon + 1);
    if (name.endsWith('.')) name = name.slice(0, -1);
    if (!isValidHostName(name)) return null;
  }
  if (port !== null && !/^\d{1,5}$/.test(port)) return null;
  return { hostname: name, port };
}

/** Loopback hosts that stand for the global site in local development. */
export const LOOPBACK_HOSTS: ReadonlySet<string> = /* @__PURE__ */ new Set([
  'localhost',
  '127.0.0.1',
  '[::1]',
]);
