/**
 * Rules for the URIs a client registers (redirect and post-logout targets). They are compared as
 * exact strings at run time (RFC 9700 §2.1), so registration is where they are checked: absolute,
 * no fragment (RFC 6749 §3.1.2), no user info, and https — plain http only on loopback hosts,
 * where nothing leaves the machine (RFC 8252 §7.3, RFC 9700 §2.1).
 */
const LOOPBACK = /^(?:localhost|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.localhost|127\.0\.0\.1|\[::1\])$/;

/** Null when acceptable, else the reason (for the CLI). */
export function redirectUriProblem(uri: string): string | null {
  if (uri.length > 2048) return 'longer than 2048 characters';
  if (!/^[\x21-\x7e]+$/.test(uri)) return 'must be printable ASCII without spaces';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'not an absolute URL';
  }
  if (uri.includes('#')) return 'must not contain a fragment';
  if (url.username || url.password) return 'must not contain user info';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK.test(url.hostname)) return null;
  return 'must use https (http only on localhost / 127.0.0.1 / [::1])';
}

/**
 * `uri` with `params` appended to its query. Built by string, not through URL, so the registered
 * URI reaches the client byte for byte (RFC 6749 §3.1.2: the query of a redirect URI is kept).
 */
export function withParams(uri: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.append(key, value);
  const text = query.toString();
  if (!text) return uri;
  const joiner = uri.includes('?') ? (uri.endsWith('?') || uri.endsWith('&') ? '' : '&') : '?';
  return `${uri}${joiner}${text}`;
}
