import fp from 'fastify-plugin';
import { API_BASE, HEADER, RetCode } from '@gatehouse/contract';
import { ApiError } from '../lib/api-error.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PLATFORM = HEADER.PLATFORM.toLowerCase();

/**
 * State-changing API calls must carry the `platform` header the client always sends. A
 * cross-site form or image cannot set a custom header, and a cross-site script can only do so
 * after a CORS preflight this server never grants; so a request with the header came from our
 * own pages (docs/adr/0002-session-cookie.md). Runs before the body is read.
 */
export default fp<{ apiBase?: string }>(
  async (app, opts) => {
    const apiBase = opts.apiBase ?? API_BASE;
    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method)) return;
      if (
        request.url !== apiBase &&
        !request.url.startsWith(`${apiBase}/`) &&
        !request.url.startsWith(`${apiBase}?`)
      )
        return;
      const platform = request.headers[PLATFORM];
      if (typeof platform !== 'string' || platform.trim() === '') {
        throw new ApiError(RetCode.CSRF_REJECTED, undefined, 403);
      }
    });
  },
  { name: 'csrf-guard' },
);
