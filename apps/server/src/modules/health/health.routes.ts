import * as endpoints from '@gatehouse/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyQuerySchema, healthResultSchema, RetCode } from '@gatehouse/contract';
import { endpointRoute } from '../../lib/endpoint-route.js';

/**
 * `GET {apiBase}/health`: liveness and readiness in one envelope; 503 when the store is down.
 * Needs the `health` plugin.
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(
    app,
    endpoints.health,
    {
      tags: ['health'],
      summary: 'Liveness and database readiness',
      request: emptyQuerySchema,
      result: healthResultSchema,
      otherStatuses: { 503: healthResultSchema },
      // Probes run often and from few addresses; they must never be throttled.
      config: { rateLimit: false },
    },
    async (_req, reply) => {
      const db = await app.health.pingDb();
      reply.header('cache-control', 'no-store');
      if (db === 'ok') return { ret_code: RetCode.Ok, ret_msg: 'ok', result: { status: 'ok' as const, db } };
      return reply.code(503).send({
        ret_code: RetCode.SystemBusy,
        ret_msg: 'database unavailable',
        result: { status: 'degraded' as const, db },
      });
    },
  );
};

export default healthRoutes;
