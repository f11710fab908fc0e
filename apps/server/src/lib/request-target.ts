/**
 * The canonical form of a request target, and what the server does with any other spelling.
 *
 * Fastify's router (find-my-way) percent-decodes the path before matching (`/%78-api/logout`
 * reaches `/x-api/logout`), routes an absolute-form target (`http://host/x-api/logout`) by its
 * path, and cuts the path at `#`. Whatever spells a route differently from the way it was
 * registered would slip past any rule keyed on the raw URL, so such spellings are refused before
 * a route runs (docs/adr/0010-guards-on-routes-canonical-paths.md). Every rule below is one a
 * browser following a link of ours never breaks.
 */

export type TargetVerdict = { ok: true } | { ok: false; reason: NonCanonicalReason };

export type NonCanonicalReason =
  | 'not-origin-form'
  | 'fragment'
  | 'character'
  | 'bad-encoding'
  | 'needless-encoding'
  | 'encoded-separator'
  | 'empty-segment'
  | 'dot-segment'
  | 'api-trailing-slash'
  | 'api-case';

/**
 * Characters a canonical path may hold as they are: RFC 3986 `pchar` (unreserved, sub-delims,
 * `:` `@`) plus `/` and `%`, without `;` (some servers and proxies cut `/a;x` to `/a`).
 */
const PATH_CHAR = /^[A-Za-z0-9\-._~!$&'()*+,=:@/%]*$/;
/**
 * Characters the router decodes before matching although they may stand in a path as they are:
 * unreserved ones and `!'()*`. Encoded, they would be a second spelling of the same route. (The
 * router keeps `$&+,:;=?@#` and `%` encoded, so those spell a different path and are allowed.)
 */
const DECODED_BY_ROUTER = /^[A-Za-z0-9\-._~!'()*]$/;

/** Judge a raw request target (`request.url` before any decoding). The query is not judged. */
export function checkRequestTarget(target: string, apiBase: string): TargetVerdict {
  // Origin-form only: absolute-form (`http://h/p`), authority-form and `*` reach no page of ours.
  if (!target.startsWith('/')) return { ok: false, reason: 'not-origin-form' };
  // Browsers never send a fragment; the router would cut the path there.
  if (target.includes('#')) return { ok: false, reason: 'fragment' };
  const q = target.indexOf('?');
  const path = q === -1 ? target : target.slice(0, q);

  if (!PATH_CHAR.test(path)) return { ok: false, reason: 'character' };
  const encoding = checkPercentEncoding(path);
  if (encoding) return { ok: false, reason: encoding };

  const segments = path.split('/').slice(1);
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    // One trailing slash is a page spelling the page rules accept (matchRoute); `//` is not.
    if (segment === '' && i < segments.length - 1) return { ok: false, reason: 'empty-segment' };
    if (segment === '.' || segment === '..') return { ok: false, reason: 'dot-segment' };
  }

  const lower = path.toLowerCase();
  const base = apiBase.toLowerCase();
  if (lower === base || lower.startsWith(`${base}/`)) {
    if (!(path === apiBase || path.startsWith(`${apiBase}/`))) return { ok: false, reason: 'api-case' };
    if (path.length > 1 && path.endsWith('/')) return { ok: false, reason: 'api-trailing-slash' };
  }
  return { ok: true };
}

function checkPercentEncoding(path: string): NonCanonicalReason | null {
  for (let i = path.indexOf('%'); i !== -1; i = path.indexOf('%', i + 1)) {
    const hex = path.slice(i + 1, i + 3);
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return 'bad-encoding';
    const code = Number.parseInt(hex, 16);
    const char = String.fromCharCode(code);
    // `%6C` is `l` to the router: the same path as the plain letter (RFC 3986 §6.2.2.2).
    if (DECODED_BY_ROUTER.test(char)) return 'needless-encoding';
    // `%2F` and `%5C` are slashes to some decoders and not to others; controls (NUL…) to none.
    if (code === 0x2f || code === 0x5c || code < 0x20 || code === 0x7f) return 'encoded-separator';
  }
  if (!path.includes('%')) return null;
  try {
    // Overlong forms (`%C0%AF`), truncated sequences and lone surrogates are not UTF-8.
    decodeURIComponent(path);
  } catch {
    return 'bad-encoding';
  }
  return null;
}

/**
 * Whether a refused target was meant for the API, to answer in its envelope rather than with the
 * plain page. Lenient on purpose (decodes, folds case, collapses slashes, resolves dot segments):
 * it only picks the format of a refusal, never lets anything through.
 */
export function aimsAtApi(target: string, apiBase: string): boolean {
  let path = target;
  if (!path.startsWith('/')) {
    try {
      path = new URL(path).pathname;
    } catch {
      return false;
    }
  }
  path = path.split(/[?#]/, 1)[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    // keep the raw text: a bad escape elsewhere does not hide the prefix
  }
  path = path.toLowerCase().replace(/[\\/]+/g, '/');
  const base = apiBase.toLowerCase();
  const under = (p: string) => p === base || p.startsWith(`${base}/`);
  // Written under the API base, or resolving there: either way the caller speaks the envelope
  // (`/x-api/a/..%2F..%2F..%2Fetc` is aimed at the API even though its dot segments leave it).
  if (under(path)) return true;
  try {
    path = new URL(path, 'http://h').pathname;
  } catch {
    return false;
  }
  return under(path);
}

/** Whether a path (canonical, or a route's registered path) is the API base or lies beneath it. */
export function isUnderApiBase(path: string, apiBase: string): boolean {
  const end = path.search(/[?#]/);
  const p = end === -1 ? path : path.slice(0, end);
  return p === apiBase || p.startsWith(`${apiBase}/`);
}
