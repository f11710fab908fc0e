import * as endpoints from '@gatehouse/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emptyQuerySchema,
  RetCode,
  SOCIAL_CALLBACK_PATHS,
  socialAuthorizeQuerySchema,
  socialAuthorizeResultSchema,
  socialBindingsResultSchema,
  socialUnbindRequestSchema,
  socialUnbindResultSchema,
} from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { deviceGuidOf } from '../../lib/request-context.js';
import { requestLocale, requestSite } from '../../lib/request-site.js';
import { recheckPassword } from '../password/password-recheck.js';
import { cleanReturnQuery } from './social-login.service.js';

const TAGS = ['social-login'];
/** Starting a sign-in is cheap for us but costs the provider; a flood is someone probing. */
const START_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: 60_000 } };
const UNBIND_RATE_LIMIT = { rateLimit: { max: 20, timeWindow: 60_000 } };

/**
 * Google and Apple sign-in calls under the API base (docs/flows/social-login.md). The login itself
 * is `POST /user/public/login/thirdparty` (telegram.routes.ts hands Google and Apple to
 * social-third-party.ts); the provider's return is social-callback.routes.ts.
 */
const socialLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  const social = app.socialLogin;

  endpointRoute(
    app,
    endpoints.socialAuthorize,
    {
      tags: TAGS,
      summary: "The provider's authorization URL (state, nonce and PKCE kept on the server, once)",
      request: socialAuthorizeQuerySchema,
      result: socialAuthorizeResultSchema,
      config: START_RATE_LIMIT,
    },
    async (req) => {
      const { site, origin } = requestSite(req);
      const lang = requestLocale(req, site, null, req.query.from === 'register' ? 'signup' : 'other');
      const query = cleanReturnQuery(req.query.return_query);
      const authorizeUrl = await social.startAuthorization({
        provider: req.query.third_type,
        site,
        origin,
        callbackPath: SOCIAL_CALLBACK_PATHS[req.query.third_type],
        returnPath: `/${lang}/${req.query.from}${query ? `?${query}` : ''}`,
        guid: deviceGuidOf(req),
      });
      return ok({ authorize_url: authorizeUrl });
    },
  );

  endpointRoute(
    app,
    endpoints.socialBindings,
    {
      tags: TAGS,
      summary: 'The Google and Apple identities bound to this account',
      request: emptyQuerySchema,
      result: socialBindingsResultSchema,
    },
    async (req) => {
      const { site } = requestSite(req);
      const bindings = await social.list(req.auth.userId);
      return ok({
        bindings: bindings.map((b) => ({
          provider: b.provider,
          email: b.email,
          name: b.name,
          bound_at: b.boundAt,
        })),
        enabled: social.enabledFor(site),
      });
    },
  );

  endpointRoute(
    app,
    endpoints.socialUnbind,
    {
      tags: TAGS,
      summary: 'Unbind Google or Apple, with the password again; never the last way to log in',
      request: socialUnbindRequestSchema,
      result: socialUnbindResultSchema,
      config: UNBIND_RATE_LIMIT,
    },
    async (req) => {
      const { env } = requestSite(req);
      const account = await app.accounts.findById(req.auth.userId);
      if (!account) throw new ApiError(RetCode.SessionExpired);
      const plain = await app.passwords.transport.decryptPassword(req.body, env, Date.now());
      const guid = deviceGuidOf(req);
      await recheckPassword(
        { hasher: app.passwords.hasher, attempts: app.passwordAttempts },
        account,
        plain,
        { ip: req.ip, guid, knownDevice: await app.devices.isKnown(account.id, guid) },
        Date.now(),
      );
      await social.unbind(account.id, req.body.third_type, account.passwordHash !== null);
      return ok({ provider: req.body.third_type });
    },
  );
};

export default socialLoginRoutes;
