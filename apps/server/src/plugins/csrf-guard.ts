import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE, HEADER, RetCode } from '@gatehouse/contract';
import { ApiError } from '../lib/api-error.js';
import { attachRouteHook, isApiRoute } from '../lib/route-hooks.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PLATFORM = HEADER.PLATFORM.toLowerCase();

/** onRequest: refuse a state-changing call without the `platform` header. */
export async function requirePlatformHeader(request: FastifyRequest): Promise<void> {
  if (!STATE_CHANGING.has(request.method)) return;
  const platform = request.headers[PLATFORM];
  if (typeof platform !== 'string' || platform.trim() === '') {
    throw new ApiError(RetCode.CsrfRejected, undefined, 403);
  }
}

/**
 * State-changing API calls must carry the `platform` header the client always sends. A
 * cross-site form or image cannot set a custom header, and a cross-site script can only do so
 * after a CORS preflight this server never grants; so a request with the header came from our
 * own pages (docs/adr/0002-session-cookie.md).
 *
 * The guard is attached to every route registered under the API base (onRoute), first among its
 * onRequest hooks, so it runs before the body is read and for whatever spelling of the URL
 * reached the route (docs/adr/0010-guards-on-routes-canonical-paths.md). Register it before the
 * routes.
 */
export default fp<{ apiBase?: string }>(
  async (app, opts) => {
    const apiBase = opts.apiBase ?? API_BASE;
    app.addHook('onRoute', (route) => {
      if (isApiRoute(route, apiBase)) attachRouteHook(route, 'onRequest', requirePlatformHeader, 'first');
    });
  },
  { name: 'csrf-guard' },
);
