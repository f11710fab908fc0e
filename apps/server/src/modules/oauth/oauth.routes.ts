import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  maskEmail,
  maskMobile,
  oauthAuthorizedAppsResultSchema,
  oauthAuthorizeQuerySchema,
  oauthAuthorizeResultSchema,
  oauthClientInfoQuerySchema,
  oauthClientInfoResultSchema,
  oauthConfirmRequestSchema,
  oauthLogoutRequestSchema,
  oauthPreAuthorizeResultSchema,
  oauthRedirectResultSchema,
  oauthRevokeAppRequestSchema,
  oauthRevokeAppResultSchema,
  RetCode,
} from '@gatehouse/contract';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.js';
import { apiResponse, ok } from '../../lib/envelope.js';
import { requestSite } from '../../lib/request-site.js';
import { requireSession } from '../../plugins/session.js';

/**
 * The OAuth calls of the web app (spec §7), under the API base, in the envelope. The issuer of
 * every authorization response is the site origin the request came to (RFC 9207 `iss`), the same
 * value /.well-known/oauth-authorization-server announces there.
 */
const oauthRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.oauth.authorize;
  const issuerOf = (req: FastifyRequest) => requestSite(req).origin;
  const tags = ['oauth'];

  app.get(
    '/oauth/v1/public/client_info',
    {
      schema: {
        tags,
        summary: "The app's name, logo and scopes (no session needed; never redirects)",
        querystring: oauthClientInfoQuerySchema,
        response: apiResponse(oauthClientInfoResultSchema),
      },
    },
    async (req) => ok(await service.clientInfo(req.query)),
  );

  app.get(
    '/oauth/v1/private/pre_authorize',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Check an authorization request for the logged-in user (0 → show the consent page)',
        querystring: oauthAuthorizeQuerySchema,
        response: apiResponse(oauthPreAuthorizeResultSchema),
      },
    },
    async (req) => {
      const found = await service.preAuthorize(req.auth.userId, req.query, issuerOf(req));
      const account = await app.accounts.findById(req.auth.userId);
      if (!account) throw new ApiError(RetCode.SESSION_EXPIRED);
      return ok({
        ...found,
        account: {
          id: Number(account.id),
          vague_email: account.email ? maskEmail(account.email) : null,
          vague_mobile: account.mobile ? maskMobile(account.mobile) : null,
        },
      });
    },
  );

  app.post(
    '/oauth/v1/private/confirm_auth',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: "The user's decision: accept → redirect with a code; decline → error=access_denied",
        body: oauthConfirmRequestSchema,
        response: apiResponse(oauthRedirectResultSchema),
      },
    },
    async (req) => {
      const { decision, ...query } = req.body;
      return ok({ redirect_to: await service.confirm(req.auth.userId, query, decision, issuerOf(req)) });
    },
  );

  app.get(
    '/oauth/v1/private/authorize',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'With consent on record: a fresh code in redirect_to; else consent_required',
        querystring: oauthAuthorizeQuerySchema,
        response: apiResponse(oauthAuthorizeResultSchema),
      },
    },
    async (req) => ok(await service.authorize(req.auth.userId, req.query, issuerOf(req))),
  );

  app.get(
    '/oauth/v1/private/authorized-apps',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Apps the user authorized, with their scopes',
        querystring: z.object({}),
        response: apiResponse(oauthAuthorizedAppsResultSchema),
      },
    },
    async (req) => ok(await service.authorizedApps(req.auth.userId)),
  );

  app.post(
    '/oauth/v1/private/revoke-app',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: "Forget an app's consent and revoke its tokens (idempotent)",
        body: oauthRevokeAppRequestSchema,
        response: apiResponse(oauthRevokeAppResultSchema),
      },
    },
    async (req) => ok({ revoked: await service.revokeApp(req.auth.userId, req.body.client_id) }),
  );

  app.post(
    '/oauth/v1/private/logout',
    {
      schema: {
        tags,
        summary: "End this session and answer the app's registered post-logout target (else /)",
        body: oauthLogoutRequestSchema,
        response: apiResponse(oauthRedirectResultSchema),
      },
    },
    async (req, reply) => {
      if (req.sessionToken) await app.sessions.revoke(req.sessionToken);
      reply.clearSession();
      return ok({ redirect_to: await service.logoutTarget(req.body ?? {}) });
    },
  );
};

export default oauthRoutes;
