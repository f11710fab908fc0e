import type { FastifyRequest } from 'fastify';

/**
 * The header a trusted proxy or CDN sets to the client's ISO country (configure the proxy to
 * copy e.g. Cloudflare's `CF-IPCountry` into it). Read only when TRUST_PROXY is set: without a
 * proxy in front, the client could write it itself.
 */
export const CLIENT_COUNTRY_HEADER = 'x-client-country';

export function clientCountry(req: FastifyRequest): string | null {
  if (req.server.config.trustProxy === false) return null;
  const value = req.headers[CLIENT_COUNTRY_HEADER];
  return typeof value === 'string' && /^[A-Za-z]{2}(?:-[A-Za-z0-9]{1,3})?$/.test(value)
    ? value.toUpperCase()
    : null;
}
