import * as endpoints from '@gatehouse/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordRequestSchema, changePasswordResultSchema } from '@gatehouse/contract';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { deviceGuidOf, langOf, userAgentOf } from '../../lib/request-context.js';
import { noteForLog } from '../../lib/request-log.js';
import { requestSite } from '../../lib/request-site.js';

/** Password guesses are capped per account by the lockout; this caps the traffic (and argon2 work) per address. */
const GUESS_RATE_LIMIT = { rateLimit: { max: 10, timeWindow: 60_000 } };

/**
 * The account page's security changes (issue 17, docs/flows/sessions.md); all need a session. Needs
 * the root decorator `accountSecurity`.
 */
const accountSecurityRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(
    app,
    endpoints.changePassword,
    {
      tags: ['account-security'],
      summary: 'Change the password: the current one, then the new one; other sessions end',
      request: changePasswordRequestSchema,
      result: changePasswordResultSchema,
      config: GUESS_RATE_LIMIT,
    },
    async (req) => {
      const { userId, sessionId } = req.auth;
      const result = await app.accountSecurity.changePassword(req.body, {
        userId,
        sessionId,
        env: requestSite(req).env,
        ip: req.ip,
        guid: deviceGuidOf(req),
        userAgent: userAgentOf(req),
        locale: langOf(req),
      });
      noteForLog(req, 'info', 'password changed', { userId, sessionsEnded: result.sessions_ended });
      return ok(result);
    },
  );
};

export default accountSecurityRoutes;
