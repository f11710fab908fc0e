import { isLocaleCode } from '../locale/locale-pattern.js';
import { ROUTE_INFO, ROUTE_PATHS } from '../routes/route-table.js';
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
 * brand domain over https, never a login, register or OAuth page nor anything beneath one. Same-origin
 * targets come back as relative paths, brand targets as normalised absolute URLs; the path is
 * normalised first (dot segments resolved, needless percent-encoding undone, hex upper-cased), so a
 * harmless `/en/./dashboard` or `/ja-JP/%E3%81%82` is kept and an encoded `/%2e%2e/login` is judged
 * as the `/login` it is. Anything invalid, unusual or ambiguous becomes `/`. The check is
 * deliberately stricter than URL parsing: browsers repair many malformed URLs (backslashes, tabs,
 * missing slashes) in ways that differ from ours, so those are refused.
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
 * The normalised path (with the query and fragment as given) when it is a plain same-site path that
 * is not an auth page nor beneath one; else null.
 */
function allowedPath(pathAndMore: string): string | null {
  if (!pathAndMore.startsWith('/') || pathAndMore.startsWith('//')) return null;
  const end = pathAndMore.search(/[?#]/);
  const path = normalisePath(end === -1 ? pathAndMore : pathAndMore.slice(0, end));
  if (path === null || isAuthPath(path)) return null;
  return end === -1 ? path : path + pathAndMore.slice(end);
}

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * RFC 3986 §6.2.2 normalisation of an absolute path, or null when it holds something a later
 * decode could turn into another origin or page: an encoded `/`, `\`, `%`, `;`, `?`, `#` or
 * control character, a raw `;`, an empty segment (`//`), invalid UTF-8, or (decoded) whitespace.
 */
function normalisePath(raw: string): string | null {
  if (raw.includes(';')) return null;
  let text = '';
  for (let i = 0; i < raw.length; i++) {
    const char = raw.charAt(i);
    if (char !== '%') {
      text += char;
      continue;
    }
    const hex = raw.slice(i + 1, i + 3);
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return null;
    const code = Number.parseInt(hex, 16);
    const decoded = String.fromCharCode(code);
    if (code < 0x20 || code === 0x7f || '/\\%;?#'.includes(decoded)) return null;
    text += UNRESERVED.test(decoded) ? decoded : `%${hex.toUpperCase()}`;
    i += 2;
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    return null;
  }
  if (hasControlOrWhitespace(decoded)) return null;

  // Remove dot segments (RFC 3986 §5.2.4); `..` never climbs above the root.
  const segments = text.split('/').slice(1);
  const out: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] ?? '';
    const last = i === segments.length - 1;
    if (segment === '' && !last) return null;
    if (segment === '.' || segment === '..') {
      if (segment === '..') out.pop();
      if (last) out.push('');
    } else {
      out.push(segment);
    }
  }
  return `/${out.join('/')}`;
}

/** The login, sign-up and OAuth pages of the route table, lower-case, without locale prefix. */
const AUTH_PATHS: readonly string[] = Object.entries(ROUTE_PATHS)
  .filter(([, id]) => ROUTE_INFO[id].auth)
  .map(([path]) => path.toLowerCase());

/**
 * Whether a normalised path, with or without locale prefix(es), is or lies beneath a login, sign-up
 * or OAuth page, or has a first segment starting with `oauth` (every OAuth page and the
 * authorization endpoint `/oauth/authorize`). Case-insensitive, like the locale prefix.
 */
function isAuthPath(path: string): boolean {
  let rest = path.toLowerCase();
  for (;;) {
    const next = rest.indexOf('/', 1);
    const first = next === -1 ? rest.slice(1) : rest.slice(1, next);
    if (first.startsWith('oauth')) return true;
    if (AUTH_PATHS.some((auth) => rest === auth || rest.startsWith(`${auth}/`))) return true;
    if (!isLocaleCode(first)) return false;
    rest = next === -1 ? '/' : rest.slice(next);
  }
}
