import * as endpoints from '@gatehouse/contract/endpoints';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CAPTCHA_SCENE,
  completeTaskRequestSchema,
  completeTaskResultSchema,
  emptyQuerySchema,
  formatTgBindResult,
  HEADER,
  onePeopleBindResultSchema,
  onePeopleBindSetRequestSchema,
  RetCode,
  TELEGRAM_BIND_STATUS,
  telegramBindRequestSchema,
  telegramBindResultSchema,
  telegramBindStatusResultSchema,
  telegramUnbindRequestSchema,
  telegramUnbindResultSchema,
  TG_BIND_STATUS,
  TG_BIND_SUCCESS_MESSAGE,
  thirdPartyLoginRequestSchema,
  thirdPartyLoginResultSchema,
  type ThirdPartyLoginResult,
  type ThirdPartyNotBoundResult,
} from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { requestSite } from '../../lib/request-site.js';
import { wantsBodyToken } from '../../plugins/session.js';
import { createBanTokens } from '../../lib/ban-tokens.js';
import { refuseIfBanned } from '../bans/ban-refusal.js';
import { requireCaptcha } from '../captcha/index.js';
import { LoginRefusal, sendRefusal } from '../../lib/login-refusal.js';
import { deviceGuidOf } from '../../lib/request-context.js';
import { sessionMetaOf } from '../session/session-meta.js';
import { telegramUserOf } from './telegram.service.js';
import { createReauth } from './telegram-reauth.js';
import { socialThirdPartyLogin } from '../social-login/social-third-party.js';

const TAGS = ['telegram'];
/** Binding changes and Telegram logins are few per user; a flood is someone probing. */
const BIND_RATE_LIMIT = { rateLimit: { max: 20, timeWindow: 60_000 } };
const LOGIN_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: 60_000 } };

/** The Mini App's init data from the `TgToken` header (spec §3 request headers). */
function tgTokenOf(req: FastifyRequest): string | null {
  const value = req.headers[HEADER.TG_TOKEN.toLowerCase()];
  return typeof value === 'string' && value !== '' && value !== 'null' ? value : null;
}

/**
 * Telegram calls of spec §7 (docs/telegram.md). Needs the root decorators `telegram`,
 * `accounts`, `passwords`, `sessions`, `kv`.
 */
const telegramRoutes: FastifyPluginAsyncZod = async (app) => {
  const tg = app.telegram;
  const assertRecentlyAuthenticated = createReauth({
    accounts: app.accounts,
    passwords: app.passwords,
    attempts: app.passwordAttempts,
    isKnownDevice: (userId, guid) => app.devices.isKnown(userId, guid),
    sessionCreatedAt: tg.sessionCreatedAt,
    now: () => Date.now(),
  });
  const banTokens = createBanTokens(app.kv);

  endpointRoute(
    app,
    endpoints.telegramBind,
    {
      tags: TAGS,
      summary: 'Bind the Telegram account of the widget (or Mini App) data to this account',
      request: telegramBindRequestSchema,
      result: telegramBindResultSchema,
      config: BIND_RATE_LIMIT,
    },
    async (req) => {
      // Signature first (cheap, no state), then the password check, and only then is the payload used up.
      const data = tg.verifyCallbacks(req.body);
      await assertRecentlyAuthenticated(req.auth, requestSite(req).env, req.body, {
        ip: req.ip,
        guid: deviceGuidOf(req),
      });
      await tg.consumeOnce(data, 'bind');
      const binding = await tg.bind(req.auth.userId, data.user, data.user.allowsWriteToPm);
      return ok({ status: TELEGRAM_BIND_STATUS.BOUND, telegram_user: telegramUserOf(binding) });
    },
  );

  endpointRoute(
    app,
    endpoints.telegramBindStatus,
    {
      tags: TAGS,
      summary: 'Whether a Telegram account is bound, and which',
      request: emptyQuerySchema,
      result: telegramBindStatusResultSchema,
    },
    async (req) => {
      const binding = await tg.statusOf(req.auth.userId);
      return ok(
        binding
          ? { status: TELEGRAM_BIND_STATUS.BOUND, telegram_user: telegramUserOf(binding) }
          : { status: TELEGRAM_BIND_STATUS.UNBOUND },
      );
    },
  );

  endpointRoute(
    app,
    endpoints.telegramUnbind,
    {
      tags: TAGS,
      summary: 'Unbind the Telegram account (43004 when none is bound)',
      request: telegramUnbindRequestSchema,
      result: telegramUnbindResultSchema,
      config: BIND_RATE_LIMIT,
    },
    async (req) => {
      await assertRecentlyAuthenticated(req.auth, requestSite(req).env, req.body ?? {}, {
        ip: req.ip,
        guid: deviceGuidOf(req),
      });
      await tg.unbind(req.auth.userId);
      return ok({ status: TELEGRAM_BIND_STATUS.UNBOUND });
    },
  );

  endpointRoute(
    app,
    endpoints.onePeopleBindGet,
    {
      tags: TAGS,
      summary: 'The account the Mini App Telegram user (TgToken) is bound to; "0" for none',
      request: emptyQuerySchema,
      result: onePeopleBindResultSchema,
    },
    async (req) => {
      const raw = tgTokenOf(req);
      // Without TgToken (outside the Mini App) the question is about the logged-in account.
      if (raw === null) return ok({ bind_uid: await tg.bindUidOfUser(req.auth.userId) });
      return ok({ bind_uid: await tg.bindUidOfTelegram(tg.verifyTgToken(raw).user.id) });
    },
  );

  endpointRoute(
    app,
    endpoints.onePeopleBindSet,
    {
      tags: TAGS,
      summary: 'Link-authorisation Accept: bind the Mini App Telegram user to this account',
      request: onePeopleBindSetRequestSchema,
      result: onePeopleBindResultSchema,
      config: BIND_RATE_LIMIT,
    },
    async (req) => {
      const body = req.body ?? {};
      const raw = body.telegram_callback_mini ?? tgTokenOf(req);
      if (raw === null) throw new ApiError(RetCode.ParamsInvalid, 'send TgToken or telegram_callback_mini');
      const data = tg.verifyTgToken(raw);
      await assertRecentlyAuthenticated(req.auth, requestSite(req).env, body, {
        ip: req.ip,
        guid: deviceGuidOf(req),
      });
      await tg.consumeOnce(data, 'bind');
      const binding = await tg.bind(req.auth.userId, data.user, body.allow_bot_messages ?? true);
      return ok({ bind_uid: binding.userId });
    },
  );

  /** The same account rules as the password login: ban (with its cookie), termination, Hong Kong. */
  const assertMayLogIn = async (accountId: string, site: string) => {
    const account = await app.accounts.findById(accountId);
    if (!account) throw new ApiError(RetCode.TelegramNotBound);
    await refuseIfBanned(app.bans, banTokens, account);
    if (account.status === 'terminated') throw new ApiError(RetCode.AccountTerminated);
    if (account.site !== site && account.site === 'HKG') throw new ApiError(RetCode.HkAccountOnOtherSite);
    if (account.site !== site && site === 'HKG') throw new ApiError(RetCode.OtherAccountOnHkSite);
    return account;
  };

  endpointRoute(
    app,
    endpoints.thirdPartyLogin,
    {
      tags: TAGS,
      summary: 'Log in with Telegram; 40004 with a pending id when no account is bound yet',
      request: thirdPartyLoginRequestSchema,
      result: thirdPartyLoginResultSchema,
      // The third-party login captcha (scene 31001, docs/captcha.md), before the callback is checked.
      preValidation: requireCaptcha(CAPTCHA_SCENE.THIRD_PARTY),
      config: LOGIN_RATE_LIMIT,
    },
    async (req, reply) => {
      const { site } = requestSite(req);
      // Google and Apple: the ticket of the OpenID callback (modules/social-login).
      if (req.body.third_type !== 'telegram') {
        try {
          return await socialThirdPartyLogin(
            req,
            reply,
            { provider: req.body.third_type, ticket: req.body.third_ticket ?? '' },
            assertMayLogIn,
          );
        } catch (err) {
          if (err instanceof LoginRefusal) return sendRefusal(req, reply, err);
          throw err;
        }
      }
      // Logging in with Telegram switched off (web config feature_flags.telegramLogin): as if no bot
      // were configured. Binding stays: it is account settings, not a way in.
      if (!(await app.webConfig.featureFlags()).telegramLogin)
        throw new ApiError(RetCode.TelegramUnavailable);
      const data = tg.verifyCallbacks(req.body);
      await tg.consumeOnce(data, 'login');
      const outcome = await tg.thirdPartyLogin(data, deviceGuidOf(req));
      if (outcome.kind === 'pending') {
        const result: ThirdPartyNotBoundResult = {
          tg_pending_id: outcome.pendingId,
          expires_in: tg.pendingTtlSeconds,
          telegram_user: telegramUserOf(outcome.user),
        };
        throw new ApiError(RetCode.ThirdPartyNotBound, undefined, 200, result);
      }
      let account;
      try {
        account = await assertMayLogIn(outcome.userId, site);
      } catch (err) {
        if (err instanceof LoginRefusal) return sendRefusal(req, reply, err);
        throw err;
      }
      // Telegram proves one factor: an account with an authenticator logs in with its password and
      // the authenticator (modules/two-factor), never around them.
      if (await app.twoFactor.isOn(account.id)) throw new ApiError(RetCode.TwoFactorPasswordLoginRequired);
      // A fresh session, as every login: the one this client carried (if any) ends here.
      if (req.sessionToken) await app.sessions.revoke(req.sessionToken);
      const token = await app.sessions.create(account.id, sessionMetaOf(req, 'telegram'));
      reply.setSession(token);
      const result: ThirdPartyLoginResult = {
        user_id: Number(account.id),
        new_user: false,
        need_verify: null,
        tg_bind_result: formatTgBindResult(TG_BIND_STATUS.SUCCESS, TG_BIND_SUCCESS_MESSAGE.LOGIN),
        telegram_user: telegramUserOf(outcome.user),
      };
      return ok(result, wantsBodyToken(req) ? token : undefined);
    },
  );

  endpointRoute(
    app,
    endpoints.miniAppCompleteTask,
    {
      tags: TAGS,
      summary: 'Record a Mini App task for the bound account of the TgToken user (once per task)',
      request: completeTaskRequestSchema,
      result: completeTaskResultSchema,
      config: BIND_RATE_LIMIT,
    },
    async (req) => {
      const data = tg.verifyTgToken(tgTokenOf(req));
      return ok(await tg.completeTask(data, req.body.campaignId, req.body.taskId));
    },
  );
};

export default telegramRoutes;
