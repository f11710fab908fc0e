import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE } from '@gatehouse/contract';
import { attachRouteHook, isApiRoute } from '../lib/route-hooks.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * GET routes only: let the browser keep a successful answer this long (milliseconds), in
     * step with the client's own cache (RESPONSE_CACHE_TTL_MS, PROFILE_CACHE_TTL_MS).
     */
    cacheTtlMs?: number;
  }
}

async function setCacheControl(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.hasHeader('cache-control')) return payload;
  const ttl = request.routeOptions.config.cacheTtlMs;
  // A 304 (precomputed answers, lib/precomputed-answer.ts) renews what the browser keeps: same header.
  const cacheable =
    (request.method === 'GET' || request.method === 'HEAD') &&
    (reply.statusCode === 200 || reply.statusCode === 304);
  if (cacheable && typeof ttl === 'number' && ttl > 0) {
    reply.header('cache-control', `private, max-age=${Math.floor(ttl / 1000)}`);
    // The answer depends on who asks and in which language.
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Cookie, UserToken, Lang` : 'Cookie, UserToken, Lang');
  } else {
    reply.header('cache-control', 'no-store');
  }
  return payload;
}

/**
 * Cache-Control for the API: `private, max-age` on GET routes that declare `cacheTtlMs`,
 * `no-store` everywhere else. Answers per user must never sit in a shared cache, and errors
 * (the envelope plugin marks them no-store first) must never be cached at all. Attached to each
 * route registered under the API base (register before the routes); answers no route gave (404,
 * refused paths) carry their own no-store.
 */
export default fp<{ apiBase?: string }>(
  async (app, opts) => {
    const apiBase = opts.apiBase ?? API_BASE;
    app.addHook('onRoute', (route) => {
      if (isApiRoute(route, apiBase)) attachRouteHook(route, 'onSend', setCacheControl);
    });
  },
  { name: 'cache-headers' },
);
