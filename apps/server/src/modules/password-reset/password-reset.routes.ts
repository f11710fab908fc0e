import * as endpoints from '@gatehouse/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  resetPasswordRequestSchema,
  resetPasswordResultSchema,
  resetSendCodeRequestSchema,
  resetSendCodeResultSchema,
  resetVerifyRequestSchema,
  resetVerifyResultSchema,
} from '@gatehouse/contract';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { requestSite } from '../../lib/request-site.js';
import { requireCaptcha, sceneFromSite } from '../captcha/index.js';
import { deviceGuidOf, langOf, userAgentOf } from '../../lib/request-context.js';
import { createPasswordResetService } from './password-reset.service.js';

/** Sends cost mail/SMS and codes can be guessed: tighter than the API baseline. */
const SEND_LIMIT = { rateLimit: { max: 10, timeWindow: 60_000 } };
const GUESS_LIMIT = { rateLimit: { max: 30, timeWindow: 60_000 } };

/** Forgot password: send-code → verify → reset (docs/flows/login.md). */
const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPasswordResetService({
    accounts: app.accounts,
    passwords: app.passwords,
    sessions: app.sessions,
    devices: app.devices,
    delivery: app.delivery,
    kv: app.kv,
    log: app.log,
    now: () => Date.now(),
  });
  const tags = ['password-reset'];

  // Sends cost mail/SMS to a stranger's address: the site's login captcha guards every send (the
  // spec has no reset scene; this is the login's recovery path, and its scene already varies by
  // site — docs/captcha.md). Verify and reset need none: they carry the code that send delivered.
  endpointRoute(
    app,
    endpoints.resetSendCode,
    {
      tags,
      summary: 'Send a reset code (same answer whether or not the account exists)',
      request: resetSendCodeRequestSchema,
      result: resetSendCodeResultSchema,
      preValidation: requireCaptcha(sceneFromSite('login')),
      config: SEND_LIMIT,
    },
    async (req) => ok(await service.sendCode(req.body, langOf(req))),
  );

  endpointRoute(
    app,
    endpoints.resetVerify,
    {
      tags,
      summary: 'Trade the reset code for a reset token',
      request: resetVerifyRequestSchema,
      result: resetVerifyResultSchema,
      config: GUESS_LIMIT,
    },
    async (req) => ok(await service.verifyCode(req.body, req.body.code)),
  );

  endpointRoute(
    app,
    endpoints.resetPassword,
    {
      tags,
      summary: 'Set a new password; ends every session of the account',
      request: resetPasswordRequestSchema,
      result: resetPasswordResultSchema,
      config: GUESS_LIMIT,
    },
    async (req) =>
      ok(
        await service.resetPassword(req.body, requestSite(req).env, {
          guid: deviceGuidOf(req),
          userAgent: userAgentOf(req),
          locale: langOf(req),
        }),
      ),
  );
};

export default passwordResetRoutes;
