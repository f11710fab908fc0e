import * as endpoints from '@gatehouse/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  logoutAllRequestSchema,
  logoutAllResultSchema,
  RetCode,
  revokeOtherSessionsRequestSchema,
  revokeOtherSessionsResultSchema,
  revokeSessionRequestSchema,
  revokeSessionResultSchema,
  sessionsQuerySchema,
  sessionsResultSchema,
  signInHistoryResultSchema,
} from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { noteForLog } from '../../lib/request-log.js';

/** Ending sessions costs a write per session; nobody needs this more than a few times a minute. */
const LOGOUT_ALL_RATE_LIMIT = { rateLimit: { max: 5, timeWindow: 60_000 } };
/** Ending one session at a time: a list of a few dozen at most, by hand. */
const REVOKE_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: 60_000 } };
const TAGS = ['session'];

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

  endpointRoute(
    app,
    endpoints.sessionsList,
    {
      tags: TAGS,
      summary: "The account's active sessions: device, browser, country, site, last use",
      request: sessionsQuerySchema,
      result: sessionsResultSchema,
    },
    async (req) => ok({ sessions: await app.sessions.list(req.auth.userId, req.auth.sessionId) }),
  );

  endpointRoute(
    app,
    endpoints.sessionRevoke,
    {
      tags: TAGS,
      summary: 'End one other session of this account; its next call answers 10006',
      request: revokeSessionRequestSchema,
      result: revokeSessionResultSchema,
      config: REVOKE_RATE_LIMIT,
    },
    async (req) => {
      const { userId, sessionId } = req.auth;
      if (!(await app.sessions.revokeByRef(userId, req.body.session_id, sessionId))) {
        throw new ApiError(RetCode.SessionNotFound);
      }
      noteForLog(req, 'info', 'session revoked by its owner', { userId });
      return ok({ revoked: true as const });
    },
  );

  endpointRoute(
    app,
    endpoints.sessionRevokeOthers,
    {
      tags: TAGS,
      summary: 'End every other session of this account; this one stays',
      request: revokeOtherSessionsRequestSchema,
      result: revokeOtherSessionsResultSchema,
      config: LOGOUT_ALL_RATE_LIMIT,
    },
    async (req) => {
      const { userId, sessionId } = req.auth;
      const revoked = await app.sessions.revokeOthers(userId, sessionId);
      noteForLog(req, 'info', 'other sessions revoked', { userId, revoked });
      return ok({ revoked });
    },
  );

  endpointRoute(
    app,
    endpoints.signInHistory,
    {
      tags: TAGS,
      summary: 'The newest 50 sign-in attempts on this account: time, result, address, device, method',
      request: sessionsQuerySchema,
      result: signInHistoryResultSchema,
    },
    async (req) => ok({ attempts: await app.sessions.history(req.auth.userId) }),
  );
};

export default sessionRoutes;
