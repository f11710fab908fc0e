import * as endpoints from '@gatehouse/contract/endpoints';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emptyQuerySchema,
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
import { ApiError } from '../../lib/api-error.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { requestSite } from '../../lib/request-site.js';

/**
 * The OAuth calls of the web app (spec §7), under the API base, in the envelope. The issuer of
 * every authorization response is the site origin the request came to (RFC 9207 `iss`), the same
 * value /.well-known/oauth-authorization-server announces there.
 */
const oauthRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.oauth.authorize;
  const issuerOf = (req: FastifyRequest) => requestSite(req).origin;
  const tags = ['oauth'];

  endpointRoute(
    app,
    endpoints.oauthClientInfo,
    {
      tags,
      summary: "The app's name, logo and scopes (no session needed; never redirects)",
      request: oauthClientInfoQuerySchema,
      result: oauthClientInfoResultSchema,
    },
    async (req) => ok(await service.clientInfo(req.query)),
  );

  endpointRoute(
    app,
    endpoints.oauthPreAuthorize,
    {
      tags,
      summary: 'Check an authorization request for the logged-in user (0 → show the consent page)',
      request: oauthAuthorizeQuerySchema,
      result: oauthPreAuthorizeResultSchema,
    },
    async (req) => {
      const found = await service.preAuthorize(req.auth.userId, req.query, issuerOf(req));
      const account = await app.accounts.findById(req.auth.userId);
      if (!account) throw new ApiError(RetCode.SessionExpired);
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

  endpointRoute(
    app,
    endpoints.oauthConfirm,
    {
      tags,
      summary: "The user's decision: accept → redirect with a code; decline → error=access_denied",
      request: oauthConfirmRequestSchema,
      result: oauthRedirectResultSchema,
    },
    async (req) => {
      const { decision, ...query } = req.body;
      return ok({ redirect_to: await service.confirm(req.auth.userId, query, decision, issuerOf(req)) });
    },
  );

  endpointRoute(
    app,
    endpoints.oauthAuthorize,
    {
      tags,
      summary: 'With consent on record: a fresh code in redirect_to; else consent_required',
      request: oauthAuthorizeQuerySchema,
      result: oauthAuthorizeResultSchema,
    },
    async (req) => ok(await service.authorize(req.auth.userId, req.query, issuerOf(req))),
  );

  endpointRoute(
    app,
    endpoints.oauthAuthorizedApps,
    {
      tags,
      summary: 'Apps the user authorized, with their scopes',
      request: emptyQuerySchema,
      result: oauthAuthorizedAppsResultSchema,
    },
    async (req) => ok(await service.authorizedApps(req.auth.userId)),
  );

  endpointRoute(
    app,
    endpoints.oauthRevokeApp,
    {
      tags,
      summary: "Forget an app's consent and revoke its tokens (idempotent)",
      request: oauthRevokeAppRequestSchema,
      result: oauthRevokeAppResultSchema,
    },
    async (req) => ok({ revoked: await service.revokeApp(req.auth.userId, req.body.client_id) }),
  );

  endpointRoute(
    app,
    endpoints.oauthLogout,
    {
      tags,
      summary: "End this session and answer the app's registered post-logout target (else /)",
      request: oauthLogoutRequestSchema,
      result: oauthRedirectResultSchema,
    },
    async (req, reply) => {
      if (req.sessionToken) await app.sessions.revoke(req.sessionToken);
      reply.clearSession();
      return ok({ redirect_to: await service.logoutTarget(req.body ?? {}) });
    },
  );
};

export default oauthRoutes;
