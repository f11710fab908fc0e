import * as endpoints from '@gatehouse/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  selfUnblockRequestSchema,
  selfUnblockResultSchema,
  selfUnblockSendCodeRequestSchema,
  selfUnblockSendCodeResultSchema,
} from '@gatehouse/contract';
import { createBanTokens } from '../../lib/ban-tokens.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { SELF_UNBIND_COOKIE } from '../../lib/login-refusal.js';
import { langOf } from '../../lib/request-context.js';
import { requestSite } from '../../lib/request-site.js';
import { requireCaptcha, sceneFromSite } from '../captcha/index.js';
import { createSelfUnblockService } from './self-unblock.service.js';

/** Sends cost mail/SMS and codes can be guessed: tighter than the API baseline (as password reset). */
const SEND_LIMIT = { rateLimit: { max: 10, timeWindow: 60_000 } };
const GUESS_LIMIT = { rateLimit: { max: 30, timeWindow: 60_000 } };

/**
 * Self-unblock (docs/flows/ban.md): a code to the banned account's e-mail or mobile, then the ban is
 * lifted. Both calls find the account by the `self_unbind_token` cookie the 31003 login answer set.
 * Needs the root decorators `accounts`, `bans`, `delivery`, `kv`, `captcha`.
 */
const selfUnblockRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createSelfUnblockService({
    accounts: app.accounts,
    bans: app.bans,
    banTokens: createBanTokens(app.kv),
    delivery: app.delivery,
    kv: app.kv,
    now: () => Date.now(),
  });
  const tags = ['self-unblock'];

  // The site's login captcha guards every send (no scene of its own in the spec; this is the login's
  // recovery path, like password reset — docs/captcha.md).
  endpointRoute(
    app,
    endpoints.selfUnblockSendCode,
    {
      tags,
      summary: "Send a code to the banned account's e-mail or mobile (self_unbind_token cookie)",
      request: selfUnblockSendCodeRequestSchema,
      result: selfUnblockSendCodeResultSchema,
      preValidation: requireCaptcha(sceneFromSite('login')),
      config: SEND_LIMIT,
    },
    async (req) =>
      ok(
        await service.sendCode(req.cookies[SELF_UNBIND_COOKIE] ?? null, req.body, {
          site: requestSite(req).site,
          locale: langOf(req),
        }),
      ),
  );

  endpointRoute(
    app,
    endpoints.selfUnblock,
    {
      tags,
      summary: 'Lift the ban with the code (self-help bans, 24 h after the ban)',
      request: selfUnblockRequestSchema,
      result: selfUnblockResultSchema,
      config: GUESS_LIMIT,
    },
    async (req, reply) => {
      await service.unblock(req.cookies[SELF_UNBIND_COOKIE] ?? null, req.body.code, requestSite(req).site);
      reply.clearCookie(SELF_UNBIND_COOKIE, { path: '/' });
      return ok({ unbanned: true as const });
    },
  );
};

export default selfUnblockRoutes;
