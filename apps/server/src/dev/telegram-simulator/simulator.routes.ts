import { randomInt } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config/index.js';
import { styleNonce } from '../../plugins/security-headers.js';
import { renderSimulatorPage, renderWidgetPage } from './simulator-pages.js';
import { WIDGET_POPUP_SCRIPT, WIDGET_SCRIPT } from './simulator-scripts.js';
import { signInitData, signWidgetData, type TestTelegramUser } from './telegram-signing.js';

/** Mini App API version the launch parameters announce (recent enough for every method the web uses). */
export const SIMULATED_WEBAPP_VERSION = '8.0';

/** A dark theme like Telegram's, so themed screens show something. */
const THEME_PARAMS = {
  bg_color: '#17212b',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  secondary_bg_color: '#232e3c',
  header_bg_color: '#17212b',
};

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? undefined : v))
    .optional();

const userQuery = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  first_name: z.string().trim().min(1).max(64),
  last_name: optionalText(64),
  username: z
    .string()
    .regex(/^[A-Za-z0-9_]{0,32}$/)
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  photo_url: z
    .string()
    .regex(/^(?:https:\/\/[^\s"'<>]{1,1000})?$/)
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  /** Seconds to move auth_date by (negative: older data), to try the age checks. */
  auth_date_offset: z.coerce
    .number()
    .int()
    .min(-10 * 86_400)
    .max(86_400)
    .default(0),
});

const launchQuery = userQuery.extend({
  language_code: optionalText(16),
  allows_write_to_pm: z.enum(['1', '0', 'true', 'false']).optional(),
  platform: z.enum(['ios', 'android', 'android_x', 'tdesktop', 'macos', 'weba', 'webk']).default('ios'),
  lang: z
    .string()
    .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,3})?$/)
    .default('en'),
  /** A page of this app; never another origin. */
  path: z
    .string()
    .regex(/^\/(?!\/)[A-Za-z0-9/_-]*$/)
    .default('/telegram-register-login'),
  query: z.string().max(1024).optional(),
  start_param: z
    .string()
    .regex(/^[A-Za-z0-9_-]{0,64}$/)
    .optional(),
});

/** Where the widget stand-in may send the signed data back to: a path on this origin only. */
const returnToSchema = z
  .string()
  .max(1024)
  .regex(/^\/(?![/\\])[^\s"'<>]*$/, 'a path on this origin');

type UserQuery = z.infer<typeof userQuery>;

const userOf = (
  q: UserQuery & { language_code?: string | undefined; allows_write_to_pm?: string | undefined },
): TestTelegramUser => ({
  id: q.id,
  first_name: q.first_name,
  last_name: q.last_name,
  username: q.username,
  photo_url: q.photo_url,
  ...(q.language_code ? { language_code: q.language_code } : {}),
  ...(q.allows_write_to_pm !== undefined
    ? { allows_write_to_pm: ['1', 'true'].includes(q.allows_write_to_pm) }
    : {}),
});

const authDateOf = (q: UserQuery) => new Date(Date.now() + q.auth_date_offset * 1000);

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * The local stand-in for Telegram (docs/telegram.md "Simulator"), outside the API base:
 * - `GET /dev/telegram/simulator`: form → `GET /dev/telegram/launch` → 302 to the app page with
 *   signed launch parameters in the hash, as Telegram opens a Mini App;
 * - `GET /dev/telegram/init-data.json`: the same as JSON (init data, hash, launch URL) for tests;
 * - `GET /dev/telegram/telegram-widget.js`: stand-in of Telegram's widget script (`Telegram.Login.auth`);
 * - `GET /dev/telegram/widget`: the login popup (or, with `return_to`, the redirect mode);
 * - `GET /dev/telegram/widget.json`: signed Login Widget data for a user.
 * Registered only by the development tools (dev/dev-tools.plugin.ts: not in production nor with
 * DEV_TOOLS=off, 404 like any unknown path), and not without a bot token; only this machine reaches
 * it unless DEV_TOOLS=network (dev/dev-only-guard.ts).
 */
const simulatorRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  const botToken = app.telegramBotToken;
  if (botToken === null) return;
  const common = { hide: true, tags: ['dev'] };
  const defaultId = () => String(randomInt(100_000_000, 2_000_000_000));

  const launch = (q: z.infer<typeof launchQuery>) => {
    const initData = signInitData(userOf(q), botToken, authDateOf(q), { startParam: q.start_param });
    const hash = new URLSearchParams({
      tgWebAppData: initData,
      tgWebAppVersion: SIMULATED_WEBAPP_VERSION,
      tgWebAppPlatform: q.platform,
      tgWebAppThemeParams: JSON.stringify(THEME_PARAMS),
      ...(q.start_param ? { tgWebAppStartParam: q.start_param } : {}),
    }).toString();
    const query = q.query ? new URLSearchParams(q.query.replace(/^\?/, '')).toString() : '';
    const pagePath = `/${q.lang}${q.path}`;
    return { initData, hash, url: `${pagePath}${query ? `?${query}` : ''}#${hash}` };
  };

  app.get('/dev/telegram/simulator', { schema: common }, async (_req, reply) =>
    noStore(reply)
      .type('text/html; charset=utf-8')
      .send(
        renderSimulatorPage({
          styleNonce: styleNonce(reply),
          botName: config.telegram.botName,
          defaultId: defaultId(),
        }),
      ),
  );

  app.get('/dev/telegram/launch', { schema: { ...common, querystring: launchQuery } }, async (req, reply) =>
    noStore(reply).redirect(launch(req.query).url, 302),
  );

  app.get(
    '/dev/telegram/init-data.json',
    {
      schema: {
        ...common,
        querystring: launchQuery,
        response: {
          200: z.object({ init_data: z.string(), launch_hash: z.string(), launch_url: z.string() }),
        },
      },
    },
    async (req, reply) => {
      noStore(reply);
      const { initData, hash, url } = launch(req.query);
      return { init_data: initData, launch_hash: hash, launch_url: url };
    },
  );

  app.get('/dev/telegram/telegram-widget.js', { schema: common }, async (_req, reply) =>
    noStore(reply).type('text/javascript; charset=utf-8').send(WIDGET_SCRIPT),
  );
  app.get('/dev/telegram/widget-popup.js', { schema: common }, async (_req, reply) =>
    noStore(reply).type('text/javascript; charset=utf-8').send(WIDGET_POPUP_SCRIPT),
  );

  app.get(
    '/dev/telegram/widget',
    {
      schema: {
        ...common,
        querystring: z.object({
          return_to: returnToSchema.optional(),
          bot_id: z.string().max(32).optional(),
        }),
      },
    },
    async (req, reply) =>
      noStore(reply)
        .type('text/html; charset=utf-8')
        .send(
          renderWidgetPage({
            styleNonce: styleNonce(reply),
            botName: config.telegram.botName,
            defaultId: defaultId(),
            returnTo: req.query.return_to ?? null,
          }),
        ),
  );

  const widgetUser = z.record(z.string(), z.union([z.string(), z.number()]));
  app.get(
    '/dev/telegram/widget.json',
    {
      schema: {
        ...common,
        querystring: userQuery,
        response: { 200: z.object({ user: widgetUser, telegram_callback: z.string() }) },
      },
    },
    async (req, reply) => {
      noStore(reply);
      const user = signWidgetData(userOf(req.query), botToken, authDateOf(req.query));
      return { user, telegram_callback: JSON.stringify(user) };
    },
  );

  // Redirect mode (the widget's data-auth-url): the signed fields go to return_to as query parameters.
  app.get(
    '/dev/telegram/widget/authorize',
    { schema: { ...common, querystring: userQuery.extend({ return_to: returnToSchema }) } },
    async (req, reply) => {
      const user = signWidgetData(userOf(req.query), botToken, authDateOf(req.query));
      const target = new URL(req.query.return_to, 'http://same-origin.invalid');
      for (const [k, v] of Object.entries(user)) target.searchParams.set(k, String(v));
      return noStore(reply).redirect(`${target.pathname}${target.search}${target.hash}`, 302);
    },
  );
};

export default simulatorRoutes;
