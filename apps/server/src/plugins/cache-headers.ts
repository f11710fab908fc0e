import fp from 'fastify-plugin';
import { API_BASE } from '@gatehouse/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * GET routes only: let the browser keep a successful answer this long (milliseconds), in
     * step with the client's own cache (RESPONSE_CACHE_TTL_MS, PROFILE_CACHE_TTL_MS).
     */
    cacheTtlMs?: number;
  }
}

/**
 * Cache-Control for the API: `private, max-age` on GET routes that declare `cacheTtlMs`,
 * `no-store` everywhere else. Answers per user must never sit in a shared cache, and errors
 * (the envelope plugin marks them no-store first) must never be cached at all.
 */
export default fp<{ apiBase?: string }>(
  async (app, opts) => {
    const apiBase = opts.apiBase ?? API_BASE;
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.url.startsWith(`${apiBase}/`) && request.url !== apiBase) return payload;
      if (reply.hasHeader('cache-control')) return payload;
      const ttl = request.routeOptions.config.cacheTtlMs;
      const cacheable = (request.method === 'GET' || request.method === 'HEAD') && reply.statusCode === 200;
      if (cacheable && typeof ttl === 'number' && ttl > 0) {
        reply.header('cache-control', `private, max-age=${Math.floor(ttl / 1000)}`);
        // The answer depends on who asks and in which language.
        const vary = reply.getHeader('vary');
        reply.header('vary', vary ? `${String(vary)}, Cookie, UserToken, Lang` : 'Cookie, UserToken, Lang');
      } else {
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'cache-headers' },
);
