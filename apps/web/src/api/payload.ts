/** Payload helpers shared by the transport and the cache key (spec §5). */

export type Fields = Record<string, unknown>;

export function isPlainObject(value: unknown): value is Fields {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Empty strings, null and undefined fields are never sent (spec §5). Top level only: nested JSON is the caller's. */
export function compactFields(fields: Fields): Fields {
  const out: Fields = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null && value !== '') out[key] = value;
  }
  return out;
}

/** URL-encoded query string without the leading `?`; arrays repeat the key, objects travel as JSON. */
export function toQueryString(fields: Fields): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(compactFields(fields))) {
    for (const item of Array.isArray(value) ? value : [value]) {
      query.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  return query.toString();
}

export function withQuery(url: string, fields: Fields | undefined): string {
  const query = fields ? toQueryString(fields) : '';
  if (!query) return url;
  return url + (url.includes('?') ? '&' : '?') + query;
}
