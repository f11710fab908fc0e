import * as endpoints from '@gatehouse/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  quickLoginRequestSchema,
  quickLoginResultSchema,
  quickTokenRequestSchema,
  quickTokenResultSchema,
  RetCode,
} from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { sessionMetaOf } from '../session/session-meta.js';
import { requestSite } from '../../lib/request-site.js';
import { wantsBodyToken } from '../../plugins/session.js';
import { createQuickLogin } from './quick-login.service.js';
import { noteForLog } from '../../lib/request-log.js';

/** Minting costs a store write; a person needs a few a minute at most. */
const MINT_RATE_LIMIT = { rateLimit: { max: 10, timeWindow: 60_000 } };
/** Tokens have 256 bits, so this only keeps junk and replays cheap. */
const REDEEM_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: 60_000 } };

/**
 * Quick login (spec §4, §7; docs/flows/quick-login.md): `quick_token` mints a one-time token for a
 * site, `quick_login` on that site exchanges it for a fresh session. The token is never logged (the
 * logger redacts `tmp_token`, and page URLs are logged without their query). Needs the root
 * decorators `kv`, `accounts`, `sessions`, `webConfig` (the `quickLogin` feature flag).
 */
const quickLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  const quick = createQuickLogin({ kv: app.kv, accounts: app.accounts, now: () => Date.now() });

  endpointRoute(
    app,
    endpoints.quickToken,
    {
      tags: ['quick-login'],
      summary: 'Mint a one-time token that logs this account in on a site (about a minute)',
      request: quickTokenRequestSchema,
      result: quickTokenResultSchema,
      config: MINT_RATE_LIMIT,
    },
    async (req) => {
      // Switched off (web config feature_flags.quickLogin): no token is minted for any site.
      if (!(await app.webConfig.featureFlags()).quickLogin) throw new ApiError(RetCode.Forbidden);
      const here = requestSite(req);
      const site = req.body?.site_id ?? here.site;
      const minted = await quick.mint(req.auth.userId, { site, env: here.env });
      return ok({
        tmp_token: minted.token,
        site_id: site,
        expires_in: Math.max(1, Math.ceil((minted.expiresAt - Date.now()) / 1000)),
      });
    },
  );

  endpointRoute(
    app,
    endpoints.quickLogin,
    {
      tags: ['quick-login'],
      summary: 'Exchange a quick-login token for a session on this site (single use)',
      request: quickLoginRequestSchema,
      result: quickLoginResultSchema,
      config: REDEEM_RATE_LIMIT,
    },
    async (req, reply) => {
      // Switched off: a token minted before is not honoured either (and is left to expire unspent).
      if (!(await app.webConfig.featureFlags()).quickLogin) throw new ApiError(RetCode.QuickLoginInvalid);
      const { site, env } = requestSite(req);
      const userId = await quick.redeem(req.body.tmp_token, { site, env });
      if (!userId) throw new ApiError(RetCode.QuickLoginInvalid);
      // A fresh session, as every login gets; the one this browser carried (if any) ends here.
      if (req.sessionToken) await app.sessions.revoke(req.sessionToken);
      const token = await app.sessions.create(userId, sessionMetaOf(req, 'quick_login'));
      reply.setSession(token);
      noteForLog(req, 'info', 'quick login', { userId, site });
      return ok({ user_id: Number(userId) }, wantsBodyToken(req) ? token : undefined);
    },
  );
};

export default quickLoginRoutes;
