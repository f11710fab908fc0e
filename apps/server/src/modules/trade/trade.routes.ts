import * as endpoints from '@gatehouse/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RetCode, tradeSwitchRequestSchema, tradeSwitchResultSchema } from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';

/**
 * `POST /user/private/trade/switch {env: 1}` (spec §7, §9): after a `demoAccount=true` login the
 * web switches the account to the demo trading environment. Trading itself is not in scope;
 * the switch is recorded so the trading side can read it. The web swallows any failure.
 * Needs the `trade` plugin, and `webConfig` for the `demoAccount` feature flag.
 */
const tradeRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(
    app,
    endpoints.tradeSwitch,
    {
      tags: ['user'],
      summary: 'Switch the trading environment (1 = demo)',
      request: tradeSwitchRequestSchema,
      result: tradeSwitchResultSchema,
    },
    async (req) => {
      // The only environment this call switches to is the demo: off with demo-account login.
      if (!(await app.webConfig.featureFlags()).demoAccount) throw new ApiError(RetCode.Forbidden);
      await app.trade.switchTo(req.auth.userId, req.body.env, Date.now());
      return ok({ switched: true as const, env: req.body.env });
    },
  );
};

export default tradeRoutes;
