import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyBaseLogger } from 'fastify';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/index.js';
import { loggerOptions } from './config/logger.js';
import type { Db } from './db/connect.js';
import devTools from './dev/dev-tools.plugin.js';
import { frameworkErrorHandler } from './framework-errors.js';
import { RequestLog } from './lib/request-log.js';
import { responseSerializerCompiler } from './lib/response-serializer.js';
import { createGuardedValidatorCompiler } from './lib/validator-compiler.js';
import accounts from './modules/accounts/accounts.plugin.js';
import bans from './modules/bans/bans.plugin.js';
import channels from './modules/channels/channels.plugin.js';
import channelsRoutes from './modules/channels/channels.routes.js';
import compliancePlugin from './modules/compliance/compliance.plugin.js';
import complianceRoutes from './modules/compliance/compliance.routes.js';
import kycInternalRoutes from './modules/compliance/kyc-internal.routes.js';
import countriesPlugin from './modules/countries/countries.plugin.js';
import countriesRoutes from './modules/countries/countries.routes.js';
import registration from './modules/registration/registration.plugin.js';
import registrationRoutes from './modules/registration/registration.routes.js';
import knownDevices from './modules/devices/known-devices.plugin.js';
import loginRoutes from './modules/login/login.routes.js';
import passwordAttempts from './modules/password/password-attempts.plugin.js';
import passwordResetRoutes from './modules/password-reset/password-reset.routes.js';
import riskPlugin from './modules/risk/risk.plugin.js';
import riskRoutes from './modules/risk/risk.routes.js';
import selfUnblockRoutes from './modules/self-unblock/self-unblock.routes.js';
import trade from './modules/trade/trade.plugin.js';
import tradeRoutes from './modules/trade/trade.routes.js';
import bindingLookups from './modules/user/user.plugin.js';
import userRoutes from './modules/user/user.routes.js';
import health from './modules/health/health.plugin.js';
import healthRoutes from './modules/health/health.routes.js';
import oauthPlugin from './modules/oauth/oauth.plugin.js';
import oauthRoutes from './modules/oauth/oauth.routes.js';
import oauthEntryRoutes from './modules/oauth/oauth-entry.routes.js';
import oauthProtocolRoutes from './modules/oauth/oauth-protocol.routes.js';
import deliveryPlugin from './modules/delivery/delivery.plugin.js';
import captchaPlugin from './modules/captcha/captcha.plugin.js';
import captchaRoutes from './modules/captcha/captcha.routes.js';
import webConfigPlugin from './modules/config/web-config.plugin.js';
import webConfigRoutes from './modules/config/web-config.routes.js';
import passwords from './modules/password/password.plugin.js';
import telegramPlugin from './modules/telegram/telegram.plugin.js';
import telegramRoutes from './modules/telegram/telegram.routes.js';
import socialLoginPlugin from './modules/social-login/social-login.plugin.js';
import socialLoginRoutes from './modules/social-login/social-login.routes.js';
import socialCallbackRoutes from './modules/social-login/social-callback.routes.js';
import quickLoginRoutes from './modules/quick-login/quick-login.routes.js';
import sessionRoutes from './modules/session/session.routes.js';
// Client monitor reports (issue 15): validated, rate-limited, logged.
import metricsRoutes from './modules/metrics/metrics.routes.js';
import qrLoginRoutes from './modules/qr-login/qr-login.routes.js';
import twoFactor from './modules/two-factor/two-factor.plugin.js';
import accountSecurity from './modules/account-security/account-security.plugin.js';
import accountSecurityRoutes from './modules/account-security/account-security.routes.js';
import twoFactorRoutes from './modules/two-factor/two-factor.routes.js';
import passkeysPlugin from './modules/passkeys/passkeys.plugin.js';
import passkeysRoutes from './modules/passkeys/passkeys.routes.js';
import pages from './pages/page-routes.js';
import robots from './pages/robots.js';
import type { ViteLike } from './pages/vite-like.js';
import cacheHeaders from './plugins/cache-headers.js';
import canonicalPath from './plugins/canonical-path.js';
import csrfGuard from './plugins/csrf-guard.js';
import errorEnvelope from './plugins/error-envelope.js';
import kv from './plugins/kv.js';
import storeWrites from './plugins/store-writes.js';
import openapi from './plugins/openapi.js';
import pageBootstrap from './plugins/page-bootstrap.js';
import rateLimit from './plugins/rate-limit.js';
import redis from './plugins/redis.js';
import securityHeaders from './plugins/security-headers.js';
import session from './plugins/session.js';
import staticAssets from './plugins/static-assets.js';
import store from './plugins/store.js';
import viteDev from './plugins/vite-dev.js';

export type App = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface BuildAppOptions {
  /** Development: a Vite dev server in middleware mode (see src/dev.ts). */
  vite?: ViteLike;
  /** Use this database instead of opening DATABASE_URL (tests). The app destroys it on close. */
  db?: Db;
  /** Write log lines here instead of stdout (tests that read what is logged). */
  logStream?: { write(line: string): void };
  /** Tests: where the OpenID clients (Google, Apple) send their HTTP calls (a fake issuer). */
  socialFetch?: typeof fetch;
}

/**
 * Wire the application. Nothing listens here (src/server.ts does); tests call `inject()`.
 * Registration order matters and is the list below: add a plugin at its stage, with a comment.
 */
export function buildApp(config: AppConfig, opts: BuildAppOptions = {}): App {
  const app = Fastify({
    logger: loggerOptions(config, opts.logStream),
    // One line per request, at its end; refusals, failures and slow requests in detail (ADR 0019).
    logController: new RequestLog(config.logSlowMs),
    // Our own ids only: a client-sent X-Request-Id could collide with or forge another request's.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    return503OnClosing: true,
    frameworkErrors: frameworkErrorHandler(config.apiBase),
    // Fastify 5's defaults, pinned: one spelling per route. A looser router (case folding, `//`,
    // a trailing slash, `;` parameters) would only add spellings for canonical-path.ts to refuse.
    routerOptions: {
      caseSensitive: true,
      ignoreTrailingSlash: false,
      ignoreDuplicateSlashes: false,
      // Read by find-my-way and validated by Fastify, but missing from find-my-way's types.
      ...({ useSemicolonDelimiter: false } as object),
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Every route schema behind the safe-input check (control characters refused in every field).
  const validation = createGuardedValidatorCompiler();
  app.setValidatorCompiler(validation.compiler);
  // Answers written by serializers compiled from the response schemas, no zod per answer (ADR 0019).
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorate('config', config);
  app.decorate('guardedInputs', validation.guarded);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  // 1. Connections other plugins build on.
  app.register(redis, { config });

  // 2. External plugins: security headers first, so even an early error response carries them;
  //    then the refusal of non-canonical paths, before any other hook or route sees the request.
  app.register(securityHeaders, { config, viteDev: Boolean(opts.vite) });
  app.register(canonicalPath, { apiBase: config.apiBase });
  if (opts.vite) app.register(viteDev, { vite: opts.vite });
  app.register(cookie);

  // 3. App plugins: store (db, migrations, seed), short-lived keys, rows and keys written together,
  //    rate limits (counted in the keys), page bootstrap registry.
  app.register(store, { config, ...(opts.db ? { db: opts.db } : {}) });
  app.register(kv);
  app.register(storeWrites);
  app.register(rateLimit, { config });
  app.register(pageBootstrap);
  //    API conventions, attached to every route registered under the API base (onRoute, so before
  //    the modules): the envelope for every failure and the JSON-only rule, the CSRF guard
  //    (onRequest, before any body is read), Cache-Control; then sessions, and the OpenAPI
  //    document (before the modules, so it sees every route).
  app.register(errorEnvelope, { apiBase: config.apiBase });
  app.register(csrfGuard, { apiBase: config.apiBase });
  app.register(cacheHeaders, { apiBase: config.apiBase });
  app.register(session, { secureCookie: config.nodeEnv === 'production' });
  app.register(openapi, { apiBase: config.apiBase });
  //    Services modules share: password transport/hashing (adds `passwordKey` to pages), delivery.
  app.register(passwords, { config });
  app.register(deliveryPlugin, { config });
  //    Web config entries (modules add computed ones), then captchas: the guard protected routes use.
  app.register(webConfigPlugin);
  app.register(captchaPlugin, { config });
  //    The sign-up page's residence list in its bootstrap (countries keep no state: no decoration).
  app.register(countriesPlugin);
  //    Regions and compliance (issue 13): visitor country, rules, residence guides; sign-up vets residence with it.
  app.register(compliancePlugin);
  //    Accounts (users table) for registration, login and profile.
  app.register(accounts);
  //    Bans (issue 15): the operator CLI's records, read by login and self-unblock.
  app.register(bans);
  //    Login side: known devices (registration marks its device too), login risk counters,
  //    and the bound-accounts registry other modules (Telegram) plug into.
  app.register(knownDevices);
  app.register(riskPlugin);
  app.register(passwordAttempts);
  app.register(bindingLookups);
  //    Authenticator 2FA (issue 17): the login routes ask it for the step after the password.
  app.register(twoFactor, { config });
  //    Passkeys (issue 17): the login routes ask it for the passkey login.
  app.register(passkeysPlugin, { config });
  //    Account security changes from the account page (issue 17): the password.
  app.register(accountSecurity);
  //    Telegram (after the bound-accounts registry it plugs into): `app.telegram` for the login and
  //    registration modules' pending binds.
  app.register(telegramPlugin, { config });
  //    Google and Apple sign-in (issue 16): `app.socialLogin` for the third-party login and the
  //    login and registration modules' pending binds.
  app.register(socialLoginPlugin, { config, ...(opts.socialFetch ? { fetch: opts.socialFetch } : {}) });
  //    OAuth authorization server (client registry, codes, tokens) for its API and protocol routes.
  app.register(oauthPlugin);
  //    The services the remaining API areas call: sign-up flows, the trading switch, readiness.
  //    Sign-up channels (issue 14): referral codes, affiliates, brokers; registration attributes with it.
  app.register(channels);
  app.register(registration);
  app.register(trade);
  app.register(health);

  // 4. Modules: API areas under the API base.
  app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(webConfigRoutes);
      await api.register(captchaRoutes);
      await api.register(loginRoutes);
      // Self-unblock (issue 15, docs/flows/ban.md).
      await api.register(selfUnblockRoutes);
      await api.register(riskRoutes);
      await api.register(userRoutes);
      await api.register(passwordResetRoutes);
      await api.register(tradeRoutes);
      await api.register(registrationRoutes);
      await api.register(countriesRoutes);
      await api.register(complianceRoutes);
      await api.register(oauthRoutes);
      await api.register(telegramRoutes);
      // Google and Apple sign-in (issue 16, docs/flows/social-login.md).
      await api.register(socialLoginRoutes);
      // Issue 15: quick login (one-time tokens in app.kv) and "log out everywhere".
      await api.register(quickLoginRoutes);
      await api.register(sessionRoutes);
      await api.register(metricsRoutes);
      // QR-code login (issue 15): state in app.kv, sessions through app.sessions.
      await api.register(qrLoginRoutes);
      // Authenticator 2FA (issue 17, docs/flows/two-factor.md); its login step is in loginRoutes.
      await api.register(twoFactorRoutes);
      // Sign-up channels (issue 14, docs/flows/channels.md).
      await api.register(channelsRoutes);
      // Passkeys (issue 17, docs/flows/passkeys.md); the passkey login is in loginRoutes.
      await api.register(passkeysRoutes);
      // Sessions' neighbours on the account page (issue 17, docs/flows/sessions.md).
      await api.register(accountSecurityRoutes);
    },
    { prefix: config.apiBase },
  );
  //    OAuth endpoints for clients and browsers, outside the API base (RFC JSON, not the envelope;
  //    docs/oauth.md): before the pages, which would otherwise take every GET.
  app.register(oauthEntryRoutes);
  app.register(oauthProtocolRoutes);
  //    The KYC service's internal call (bearer token; absent without KYC_SERVICE_TOKEN), plain JSON.
  app.register(kycInternalRoutes);
  //    Where Google and Apple return the browser (outside the API base: a provider's redirect and
  //    Apple's form_post carry no CSRF header; the single-use state guards them).
  app.register(socialCallbackRoutes);
  //    Development tools (src/dev: outbox, Telegram simulator, demo OAuth client and its seed),
  //    outside the API base, behind the loopback-only guard. Never registered in production.
  if (config.nodeEnv !== 'production') app.register(devTools, { config });

  // 5. Static files of the built web app (not in Vite development: Vite serves the source).
  if (!opts.vite) app.register(staticAssets, { config });

  // 6. Pages last: robots.txt, then every other GET becomes a page.
  app.register(robots, { apiBase: config.apiBase });
  app.register(pages, { config, ...(opts.vite ? { vite: opts.vite } : {}) });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated configuration the app was built with. */
    config: AppConfig;
    /** `METHOD url part` of every route input behind the safe-input check (for the test that none escapes). */
    guardedInputs: ReadonlySet<string>;
  }
}
