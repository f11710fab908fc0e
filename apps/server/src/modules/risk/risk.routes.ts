import * as endpoints from '@gatehouse/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { riskInterceptRequestSchema, riskInterceptResultSchema } from '@gatehouse/contract';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { deviceIdOf } from '../../lib/request-context.js';
import { clientCountry } from './client-country.js';

/**
 * `POST /user/public/risk/default-intercept` (spec §7): the login page asks before showing the
 * form. Every scene gets the same checks; the login page sends 30002.
 */
const riskRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(
    app,
    endpoints.riskIntercept,
    {
      tags: ['login'],
      summary: 'Risk pre-check before the login form',
      request: riskInterceptRequestSchema,
      result: riskInterceptResultSchema,
    },
    async (req) =>
      ok(
        await app.risk.intercept(
          { ip: req.ip, deviceId: deviceIdOf(req), country: clientCountry(req) },
          Date.now(),
        ),
      ),
  );
};

export default riskRoutes;
