import * as endpoints from '@gatehouse/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  twoFactorDisableRequestSchema,
  twoFactorDisableResultSchema,
  twoFactorEmptyQuerySchema,
  twoFactorEmptyRequestSchema,
  twoFactorEnableRequestSchema,
  twoFactorEnableResultSchema,
  twoFactorSetupRequestSchema,
  twoFactorSetupResultSchema,
  twoFactorStatusSchema,
  twoFactorUnbindCancelResultSchema,
  twoFactorUnbindRequestSchema,
  twoFactorUnbindResultSchema,
  twoFactorUnbindSendResultSchema,
} from '@gatehouse/contract';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { deviceGuidOf, langOf } from '../../lib/request-context.js';
import { requestSite } from '../../lib/request-site.js';

const TAGS = ['two-factor'];
/** Code and password guesses are capped per account by the service; this caps the traffic per address. */
const GUESS_RATE_LIMIT = { rateLimit: { max: 20, timeWindow: 60_000 } };

/**
 * The account page's authenticator calls (docs/flows/two-factor.md); all need a session. The login's
 * 2FA step is a login call (modules/login). Needs the root decorator `twoFactor`.
 */
const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const tf = app.twoFactor;

  endpointRoute(
    app,
    endpoints.twoFactorStatus,
    {
      tags: TAGS,
      summary: 'Whether an authenticator is bound, backup codes left, a removal scheduled',
      request: twoFactorEmptyQuerySchema,
      result: twoFactorStatusSchema,
    },
    async (req) => ok(await tf.status(req.auth.userId)),
  );

  endpointRoute(
    app,
    endpoints.twoFactorSetup,
    {
      tags: TAGS,
      summary: 'Start binding an authenticator: the password again, then a new secret and its otpauth URI',
      request: twoFactorSetupRequestSchema,
      result: twoFactorSetupResultSchema,
      config: GUESS_RATE_LIMIT,
    },
    async (req) =>
      ok(
        await tf.setup(req.auth.userId, requestSite(req).env, req.body, {
          ip: req.ip,
          guid: deviceGuidOf(req),
        }),
      ),
  );

  endpointRoute(
    app,
    endpoints.twoFactorEnable,
    {
      tags: TAGS,
      summary: 'Confirm the new secret with a current code; answers the backup codes, once',
      request: twoFactorEnableRequestSchema,
      result: twoFactorEnableResultSchema,
      config: GUESS_RATE_LIMIT,
    },
    async (req) => ok(await tf.enable(req.auth.userId, req.body.code, langOf(req))),
  );

  endpointRoute(
    app,
    endpoints.twoFactorDisable,
    {
      tags: TAGS,
      summary: 'Turn the authenticator off with a current code or a backup code',
      request: twoFactorDisableRequestSchema,
      result: twoFactorDisableResultSchema,
      config: GUESS_RATE_LIMIT,
    },
    async (req) => {
      await tf.disable(req.auth.userId, req.body, langOf(req));
      return ok({ enabled: false as const });
    },
  );

  endpointRoute(
    app,
    endpoints.twoFactorUnbindSendCode,
    {
      tags: TAGS,
      summary: "Lost authenticator: send a code to the account's e-mail",
      request: twoFactorEmptyRequestSchema,
      result: twoFactorUnbindSendResultSchema,
      config: GUESS_RATE_LIMIT,
    },
    async (req) => ok(await tf.sendUnbindCode(req.auth.userId, langOf(req))),
  );

  endpointRoute(
    app,
    endpoints.twoFactorUnbind,
    {
      tags: TAGS,
      summary: 'Lost authenticator: the e-mailed code schedules its removal after the waiting period',
      request: twoFactorUnbindRequestSchema,
      result: twoFactorUnbindResultSchema,
      config: GUESS_RATE_LIMIT,
    },
    async (req) => ok(await tf.confirmUnbind(req.auth.userId, req.body.code, langOf(req))),
  );

  endpointRoute(
    app,
    endpoints.twoFactorUnbindCancel,
    {
      tags: TAGS,
      summary: 'Stop a scheduled removal of the authenticator',
      request: twoFactorEmptyRequestSchema,
      result: twoFactorUnbindCancelResultSchema,
    },
    async (req) => ok({ cancelled: await tf.cancelUnbind(req.auth.userId) }),
  );
};

export default twoFactorRoutes;
