import * as endpoints from '@gatehouse/contract/endpoints';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  login2faRequestSchema,
  loginPasskeyRequestSchema,
  passkeyCeremonySchema,
  passkeyEmptyRequestSchema,
  banInfoRequestSchema,
  banInfoSchema,
  loginNeedVerifySchema,
  loginRequestSchema,
  loginResendRequestSchema,
  loginResultSchema,
  loginUnlockRequestSchema,
  loginUnlockResultSchema,
  loginVerifyRequestSchema,
  logoutRequestSchema,
  logoutResultSchema,
  type LoginResult,
} from '@gatehouse/contract';
import { endpointRoute, type EndpointHandler } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { requireCaptcha, sceneFromSite } from '../captcha/index.js';
import { completePendingTelegramBind } from '../telegram/complete-pending-bind.js';
import { completePendingSocialBind } from '../social-login/complete-pending-social-bind.js';
import { requestSite } from '../../lib/request-site.js';
import { wantsBodyToken } from '../../plugins/session.js';
import { createBanTokens } from '../../lib/ban-tokens.js';
import { createLoginChallenges } from './login-challenges.js';
import { LoginRefusal, SELF_UNBIND_COOKIE, sendRefusal } from '../../lib/login-refusal.js';
import {
  createLoginService,
  type LoggedIn,
  type LoginClient,
  type VerifiedOutcome,
} from './login.service.js';
import { deviceGuidOf, deviceIdOf, langOf, userAgentOf } from '../../lib/request-context.js';
import { clientCountry } from '../risk/client-country.js';
import { createUnlockLinks } from './unlock-links.js';
import { passkeySiteOf } from '../passkeys/passkey-site.js';

/** Password and code guesses are also capped by the framework limit, before any work is done. */
const GUESS_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: 60_000 } };

/**
 * Login, its code step, its authenticator step, the ban info and logout (spec §7; docs/flows/login.md).
 * Needs the root decorators `accounts`, `passwords`, `risk`, `devices`, `delivery`, `kv`, `sessions`,
 * `twoFactor`, `passkeys`.
 */
const loginRoutes: FastifyPluginAsyncZod = async (app) => {
  const unlockLinks = createUnlockLinks({
    kv: app.kv,
    delivery: app.delivery,
    devices: app.devices,
    resendAfterMs: app.passwordAttempts.policy.accountLockMs,
    log: app.log,
  });
  const service = createLoginService({
    accounts: app.accounts,
    hasher: app.passwords.hasher,
    transport: app.passwords.transport,
    risk: app.risk,
    devices: app.devices,
    delivery: app.delivery,
    challenges: createLoginChallenges(app.kv),
    attempts: app.passwordAttempts,
    unlockLinks,
    banTokens: createBanTokens(app.kv),
    bans: app.bans,
    sessions: app.sessions,
    secondFactor: app.twoFactor,
    storeWrites: app.storeWrites,
    now: () => Date.now(),
    log: app.log,
  });

  const clientOf = (req: FastifyRequest): LoginClient => {
    const { site, env, origin } = requestSite(req);
    return {
      site,
      env,
      origin,
      ip: req.ip,
      deviceId: deviceIdOf(req),
      guid: deviceGuidOf(req),
      userAgent: userAgentOf(req),
      locale: langOf(req),
      sessionToken: req.sessionToken,
      country: clientCountry(req),
    };
  };

  /**
   * Every login gets a fresh session (the service started it and ended the one this browser
   * carried, if any): set its cookie, finish a pending Telegram bind.
   */
  const sessionStarted = async (req: FastifyRequest, reply: FastifyReply, { account, token }: LoggedIn) => {
    reply.setSession(token);
    const tgBindResult = await completePendingTelegramBind(req, account.id, 'login');
    const thirdBindResult = await completePendingSocialBind(req, account.id, 'login');
    const result: LoginResult = {
      user_id: Number(account.id),
      new_user: false,
      need_verify: null,
      ...(tgBindResult ? { tg_bind_result: tgBindResult } : {}),
      ...(thirdBindResult ? { third_bind_result: thirdBindResult } : {}),
    };
    return ok(result, wantsBodyToken(req) ? token : undefined);
  };

  /** A session, or the authenticator step first (the service asked modules/two-factor before any session). */
  const verified = (req: FastifyRequest, reply: FastifyReply, outcome: VerifiedOutcome) =>
    outcome.kind === 'second-factor'
      ? ok<LoginResult>({ user_id: null, new_user: false, need_verify: null, need_2fa: outcome.need2fa })
      : sessionStarted(req, reply, outcome);

  /** Refusals with extra envelope fields or a cookie are written here; the rest go to the error envelope. */
  const refuse = (req: FastifyRequest, reply: FastifyReply, err: unknown) => {
    if (err instanceof LoginRefusal) return sendRefusal(req, reply, err);
    throw err;
  };

  // Regulated sites call login_compliance (spec §7). Same flow: the site rules follow the Host,
  // not the path, so neither path can be used to skip them. Both ask for the site's login captcha
  // (31000; Turkey 31013, EU 31014; docs/captcha.md) before the password is looked at. The code
  // step and its resend do not: they continue a login that already passed it.
  const loginHandler: EndpointHandler<typeof endpoints.login> = async (req, reply) => {
    try {
      const outcome = await service.login(req.body, clientOf(req));
      if (outcome.kind === 'challenge') {
        return ok<LoginResult>({ user_id: null, new_user: false, need_verify: outcome.needVerify });
      }
      return await verified(req, reply, outcome);
    } catch (err) {
      return refuse(req, reply, err);
    }
  };
  const loginOptions = {
    tags: ['login'],
    request: loginRequestSchema,
    result: loginResultSchema,
    preValidation: requireCaptcha(sceneFromSite('login')),
    config: GUESS_RATE_LIMIT,
  };
  endpointRoute(
    app,
    endpoints.login,
    { ...loginOptions, summary: 'Log in with e-mail or mobile and password' },
    loginHandler,
  );
  endpointRoute(
    app,
    endpoints.loginCompliance,
    { ...loginOptions, summary: 'Log in on a regulated site' },
    loginHandler,
  );

  endpointRoute(
    app,
    endpoints.loginVerify,
    {
      tags: ['login'],
      summary: 'Complete a login with the code sent to the account',
      request: loginVerifyRequestSchema,
      result: loginResultSchema,
      config: GUESS_RATE_LIMIT,
    },
    async (req, reply) => {
      try {
        const outcome = await service.verify(req.body.challenge_id, req.body.code, clientOf(req));
        return await verified(req, reply, outcome);
      } catch (err) {
        return refuse(req, reply, err);
      }
    },
  );

  endpointRoute(
    app,
    endpoints.loginTwoFactor,
    {
      tags: ['login'],
      summary: 'Complete a login with an authenticator code or a backup code',
      request: login2faRequestSchema,
      result: loginResultSchema,
      config: GUESS_RATE_LIMIT,
    },
    async (req, reply) => {
      try {
        const userId = await app.twoFactor.completeLoginStep(
          req.body.challenge_id,
          req.body,
          deviceGuidOf(req),
        );
        return await sessionStarted(req, reply, await service.afterSecondFactor(userId, clientOf(req)));
      } catch (err) {
        return refuse(req, reply, err);
      }
    },
  );

  // Passkeys (docs/flows/passkeys.md): a passkey proves possession and its user's verification, two
  // factors, so the session starts here with no code or authenticator step after it.
  endpointRoute(
    app,
    endpoints.loginPasskeyOptions,
    {
      tags: ['login'],
      summary: 'Start a passkey login: options for navigator.credentials.get',
      request: passkeyEmptyRequestSchema,
      result: passkeyCeremonySchema,
      config: GUESS_RATE_LIMIT,
    },
    async (req) =>
      ok(await app.passkeys.loginOptions(passkeySiteOf(req), { ip: req.ip, guid: deviceGuidOf(req) })),
  );

  endpointRoute(
    app,
    endpoints.loginPasskey,
    {
      tags: ['login'],
      summary: "Complete a passkey login with the browser's assertion",
      request: loginPasskeyRequestSchema,
      result: loginResultSchema,
      config: GUESS_RATE_LIMIT,
    },
    async (req, reply) => {
      try {
        const userId = await app.passkeys.verifyLogin(passkeySiteOf(req), req.body, {
          ip: req.ip,
          guid: deviceGuidOf(req),
        });
        return await sessionStarted(
          req,
          reply,
          await service.afterSecondFactor(userId, clientOf(req), 'passkey'),
        );
      } catch (err) {
        return refuse(req, reply, err);
      }
    },
  );

  endpointRoute(
    app,
    endpoints.loginResend,
    {
      tags: ['login'],
      summary: 'Send a new login code',
      request: loginResendRequestSchema,
      result: loginNeedVerifySchema,
      config: GUESS_RATE_LIMIT,
    },
    async (req) => ok(await service.resend(req.body.challenge_id, clientOf(req))),
  );

  endpointRoute(
    app,
    endpoints.loginUnlock,
    {
      tags: ['login'],
      summary: 'Trust this browser with the unlock link mailed after guesses from many addresses',
      request: loginUnlockRequestSchema,
      result: loginUnlockResultSchema,
      config: GUESS_RATE_LIMIT,
    },
    async (req) =>
      ok({
        trusted: await unlockLinks.redeem(req.body.token, {
          guid: deviceGuidOf(req),
          userAgent: userAgentOf(req),
        }),
      }),
  );

  endpointRoute(
    app,
    endpoints.banInfo,
    {
      tags: ['login'],
      summary: 'The ban behind the self_unbind_token cookie (spec §4 ban flow)',
      request: banInfoRequestSchema,
      result: banInfoSchema,
    },
    async (req) => {
      const token = req.cookies[SELF_UNBIND_COOKIE] ?? req.body?.self_unbind_token ?? null;
      return ok(await service.banInfo(token));
    },
  );

  endpointRoute(
    app,
    endpoints.logout,
    {
      tags: ['login'],
      summary: 'End this session (idempotent)',
      request: logoutRequestSchema,
      result: logoutResultSchema,
    },
    async (req, reply) => {
      if (req.sessionToken) await app.sessions.revoke(req.sessionToken);
      reply.clearSession();
      return ok({ logged_out: true as const });
    },
  );
};

export default loginRoutes;
