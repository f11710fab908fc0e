import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, RetCode } from '@gatehouse/contract';

const healthResult = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'error']),
});

/** A real round trip to the database, so a load balancer drops an instance that lost its store. */
async function pingDb(run: () => Promise<unknown>): Promise<'ok' | 'error'> {
  try {
    await run();
    return 'ok';
  } catch {
    return 'error';
  }
}

/** `GET {apiBase}/health`: liveness and readiness in one envelope; 503 when the store is down. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database readiness',
        response: { 200: envelopeSchema(healthResult), 503: envelopeSchema(healthResult) },
      },
      // Probes run often and from few addresses; they must never be throttled.
      config: { rateLimit: false },
    },
    async (_req, reply) => {
      const db = await pingDb(() => sql`select 1`.execute(app.db));
      reply.header('cache-control', 'no-store');
      if (db === 'ok') return { ret_code: RetCode.OK, ret_msg: 'ok', result: { status: 'ok' as const, db } };
      return reply.code(503).send({
        ret_code: RetCode.SYSTEM_BUSY,
        ret_msg: 'database unavailable',
        result: { status: 'degraded' as const, db },
      });
    },
  );
};

export default healthRoutes;
