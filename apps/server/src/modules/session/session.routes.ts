import * as endpoints from '@gatehouse/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { logoutAllRequestSchema, logoutAllResultSchema } from '@gatehouse/contract';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { noteForLog } from '../../lib/request-log.js';

/** Ending sessions costs a write per session; nobody needs this more than a few times a minute. */
const LOGOUT_ALL_RATE_LIMIT = { rateLimit: { max: 5, timeWindow: 60_000 } };

/**
 * The user's own session calls (docs/flows/sessions.md). `POST /logout` (this session) stays with
 * login; operators end sessions with `npm run sessions -w apps/server` (scripts/sessions.ts).
 */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(
    app,
    endpoints.logoutAll,
    {
      tags: ['session'],
      summary: 'Log out everywhere: end every session of this account, this one included',
      request: logoutAllRequestSchema,
      result: logoutAllResultSchema,
      config: LOGOUT_ALL_RATE_LIMIT,
    },
    async (req, reply) => {
      const { userId } = req.auth;
      const revoked = await app.sessions.revokeAllForUser(userId);
      reply.clearSession();
      noteForLog(req, 'info', 'logged out everywhere', { userId, revoked });
      return ok({ revoked });
    },
  );
};

export default sessionRoutes;
