import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tradeSwitchRequestSchema, tradeSwitchResultSchema } from '@gatehouse/contract';
import { apiResponse, ok } from '../../lib/envelope.js';
import { requireSession } from '../../plugins/session.js';
import { createTradeEnvRepository } from './trade.repository.js';

/**
 * `POST /user/private/trade/switch {env: 1}` (spec §7, §9): after a `demoAccount=true` login the
 * web switches the account to the demo trading environment. Trading itself is not in scope;
 * the switch is recorded so the trading side can read it. The web swallows any failure.
 */
const tradeRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createTradeEnvRepository(app.db);
  app.post(
    '/user/private/trade/switch',
    {
      preHandler: requireSession,
      schema: {
        tags: ['user'],
        summary: 'Switch the trading environment (1 = demo)',
        body: tradeSwitchRequestSchema,
        response: apiResponse(tradeSwitchResultSchema),
      },
    },
    async (req) => {
      await repo.switchTo(req.auth.userId, req.body.env, Date.now());
      return ok({ switched: true as const, env: req.body.env });
    },
  );
};

export default tradeRoutes;
