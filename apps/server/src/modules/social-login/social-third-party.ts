import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  RetCode,
  type SocialNotBoundResult,
  type SocialProvider,
  type ThirdPartyLoginResult,
} from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import { ok } from '../../lib/envelope.js';
import { deviceGuidOf } from '../../lib/request-context.js';
import { requestSite } from '../../lib/request-site.js';
import { wantsBodyToken } from '../../plugins/session.js';
import { sessionMetaOf } from '../session/session-meta.js';
import { socialUserOf } from './social-login.service.js';

/**
 * `POST /user/public/login/thirdparty` for Google and Apple (the route is telegram.routes.ts, which
 * hands these here). The ticket names a verified identity; a bound identity logs its account in
 * exactly as Telegram does (same account rules via `assertMayLogIn`, authenticator accounts need
 * their password and authenticator); an unbound one answers 40004 with a pending id for
 * login-and-bind or register-and-bind. Never linked by e-mail.
 */
export async function socialThirdPartyLogin(
  req: FastifyRequest,
  reply: FastifyReply,
  input: { provider: SocialProvider; ticket: string },
  assertMayLogIn: (accountId: string, site: string) => Promise<{ id: string }>,
) {
  const app = req.server;
  const { site } = requestSite(req);
  const outcome = await app.socialLogin.login(input.provider, input.ticket, {
    site,
    guid: deviceGuidOf(req),
  });
  if (outcome.kind === 'pending') {
    const result: SocialNotBoundResult = {
      third_pending_id: outcome.pendingId,
      expires_in: app.socialLogin.pendingTtlSeconds,
      third_user: socialUserOf(outcome.identity),
    };
    throw new ApiError(RetCode.ThirdPartyNotBound, undefined, 200, result);
  }
  const account = await assertMayLogIn(outcome.userId, site);
  // A provider proves one factor: an account with an authenticator logs in with password and authenticator.
  if (await app.twoFactor.isOn(account.id)) throw new ApiError(RetCode.TwoFactorPasswordLoginRequired);
  if (req.sessionToken) await app.sessions.revoke(req.sessionToken);
  const token = await app.sessions.create(account.id, sessionMetaOf(req, 'social'));
  reply.setSession(token);
  const result: ThirdPartyLoginResult = {
    user_id: Number(account.id),
    new_user: false,
    need_verify: null,
    tg_bind_result: 'success|login',
    third_user: socialUserOf(outcome.identity),
    use_thirdparty: true,
  };
  return ok(result, wantsBodyToken(req) ? token : undefined);
}
