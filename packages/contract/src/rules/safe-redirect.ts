import { splitLocalePrefix } from '../locale/locale-prefix.js';
import { matchRoute } from '../routes/route-table.js';
import { isValidHostName } from '../sites/host-name.js';
import { hasControlOrWhitespace } from './unsafe-chars.js';

export interface RedirectContext {
  /** The origin the page is served on, e.g. `https://gatehouse.eu` or `http://eu.localhost:3000`. */
  origin: string;
  /** Brand domains (configuration) whose hosts and sub-domains may be targeted over https. */
  allowedDomains: readonly string[];
}

export const MAX_REDIRECT_LENGTH = 2048;

interface AbsoluteUrl {
  scheme: 'http' | 'https';
  host: string;
  port: string | null;
  /** Path, query and fragment; the path part is at least `/`. */
  pathAndMore: string;
}

/**
 * Where to send the browser after success (§2 "Redirects after success"): a same-origin path or a
 * brand domain over https, never a login, register or OAuth page. Same-origin targets come back as
 * relative paths, brand targets as normalised absolute URLs; anything invalid, unusual or ambiguous
 * becomes `/`. The check is deliberately stricter than URL parsing: browsers repair many malformed
 * URLs (backslashes, tabs, missing slashes) in ways that differ from ours, so those are refused.
 */
export function safeRedirect(target: string | null | undefined, ctx: RedirectContext): string {
  if (typeof target !== 'string' || target === '' || target.length > MAX_REDIRECT_LENGTH) return '/';
  if (hasControlOrWhitespace(target) || target.includes('\\') || !/^[\x21-\x7e]+$/.test(target)) return '/';

  if (target.startsWith('/')) return allowedPath(target) ?? '/';

  const url = parseAbsoluteUrl(target);
  if (!url) return '/';
  const own = parseAbsoluteUrl(ctx.origin);
  if (own && own.pathAndMore === '/' && originOf(url) === originOf(own))
    return allowedPath(url.pathAndMore) ?? '/';

  if (url.scheme !== 'https' || (url.port !== null && url.port !== '443')) return '/';
  if (!isBrandHost(url.host, ctx.allowedDomains)) return '/';
  const path = allowedPath(url.pathAndMore);
  return path === null ? '/' : `https://${url.host}${path}`;
}

/** `scheme://host[:port][/path][?query][#fragment]` with http(s), no userinfo, a plain DNS name. */
function parseAbsoluteUrl(text: string): AbsoluteUrl | null {
  const match = /^(https?):\/\/([^/?#]*)(.*)$/i.exec(text);
  if (!match) return null;
  const [, rawScheme = '', authority = '', rest = ''] = match;
  const hostMatch = /^([^:]+)(?::(\d{1,5}))?$/.exec(authority.toLowerCase());
  if (!hostMatch?.[1] || !isValidHostName(hostMatch[1])) return null;
  if (rest !== '' && !/^[/?#]/.test(rest)) return null;
  return {
    scheme: rawScheme.toLowerCase() === 'https' ? 'https' : 'http',
    host: hostMatch[1],
    port: hostMatch[2] ?? null,
    pathAndMore: rest.startsWith('/') ? rest : `/${rest}`,
  };
}

function originOf(url: AbsoluteUrl): string {
  const defaultPort = url.scheme === 'https' ? '443' : '80';
  const port = url.port === null || Number(url.port) === Number(defaultPort) ? '' : `:${Number(url.port)}`;
  return `${url.scheme}://${url.host}${port}`;
}

function isBrandHost(host: string, allowedDomains: readonly string[]): boolean {
  return allowedDomains.some((entry) => {
    const domain = entry.trim().toLowerCase().replace(/^\./, '');
    // A single label (a TLD such as `com`) would allow the whole world: such entries are ignored.
    if (!isValidHostName(domain) || !domain.includes('.')) return false;
    return host === domain || host.endsWith(`.${domain}`);
  });
}

/**
 * The path (with query and fragment) when it is a plain same-site path that is not an auth page;
 * else null. Encoded slashes, backslashes, percent signs, semicolons, dot and empty segments in the
 * decoded path are refused, because a later decode could turn them into another origin or page.
 */
function allowedPath(pathAndMore: string): string | null {
  if (!pathAndMore.startsWith('/') || pathAndMore.startsWith('//')) return null;
  const end = pathAndMore.search(/[?#]/);
  const path = end === -1 ? pathAndMore : pathAndMore.slice(0, end);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  // `;` too: some servers read `/login;x` as `/login` with parameters.
  if (/\/\/|[\\%;]/.test(decoded)) return null;
  if (hasControlOrWhitespace(decoded) || !/^[\x21-\x7e]+$/.test(decoded)) return null;
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..')) return null;
  const { rest } = splitLocalePrefix(decoded.toLowerCase());
  if (matchRoute(rest)?.auth) return null;
  return pathAndMore;
}
