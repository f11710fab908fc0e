import fp from 'fastify-plugin';
import { API_BASE, RetCode } from '@gatehouse/contract';
import { ApiError } from '../lib/api-error.js';
import { aimsAtApi, checkRequestTarget } from '../lib/request-target.js';
import { sendPlainPage } from '../pages/plain-page.js';
import { noteForLog } from '../lib/request-log.js';

/**
 * Refuse a request whose target is not in canonical form (lib/request-target.ts) with a 400 —
 * the envelope when it was aimed at the API, the plain page otherwise — before any route's hook
 * or handler runs: a root onRequest hook, registered ahead of every plugin that adds one, so it
 * precedes the hooks attached to routes (guards) and the handlers. Register it first.
 */
export default fp<{ apiBase?: string }>(
  async (app, opts) => {
    const apiBase = opts.apiBase ?? API_BASE;
    app.addHook('onRequest', async (request, reply) => {
      const verdict = checkRequestTarget(request.url, apiBase);
      if (verdict.ok) return;
      noteForLog(request, 'info', 'non-canonical request target refused', { reason: verdict.reason });
      if (aimsAtApi(request.url, apiBase)) {
        throw new ApiError(RetCode.ParamsInvalid, 'The request path is not in canonical form', 400);
      }
      return sendPlainPage(reply, 400);
    });
  },
  { name: 'canonical-path' },
);
