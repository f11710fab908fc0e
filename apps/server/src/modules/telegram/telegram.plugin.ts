import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/index.js';
import { resolveBotToken } from './telegram-bot-token.js';
import { createPendingBinds } from './telegram-pending.js';
import { createTelegramRepository } from './telegram.repository.js';
import { createTelegramService, displayNameOf, type TelegramService } from './telegram.service.js';
import { createTelegramVerifier, TELEGRAM_PUBLIC_KEYS_HEX } from './telegram-verify.js';

export interface TelegramPluginOptions {
  config: AppConfig;
  /** Tests: check Ed25519 signatures with their own key instead of Telegram's. */
  ed25519PublicKeyHex?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Telegram binding and verification. Other modules use `completePendingBind(pendingId,
     * userId, {via, guid})` after a login or sign-up that carried `tg_pending_id`.
     */
    telegram: TelegramService;
    /** The bot token in force (configured or generated outside production); null when Telegram is off. */
    telegramBotToken: string | null;
  }
}

/**
 * Root-level Telegram services (routes: telegram.routes.ts). Needs `store`, `kv`, `accounts`,
 * `binding-lookups` and `page-bootstrap`; register before the modules and `pages`.
 */
export default fp<TelegramPluginOptions>(
  async (app, { config, ed25519PublicKeyHex }) => {
    const botToken = await resolveBotToken(config);
    const verifier = botToken
      ? createTelegramVerifier({
          botToken,
          maxAgeSec: config.telegram.authMaxAgeSec,
          initDataCheck: config.telegram.initDataCheck,
          ed25519PublicKeyHex: ed25519PublicKeyHex ?? TELEGRAM_PUBLIC_KEYS_HEX[config.telegram.env],
          now: () => Date.now(),
        })
      : null;
    if (!verifier) app.log.warn('TELEGRAM_BOT_TOKEN is not set: Telegram binding and login are off');
    const repo = createTelegramRepository(app.db);
    const service = createTelegramService({
      repo,
      verifier,
      kv: app.kv,
      pending: createPendingBinds(app.kv),
      maxAgeSec: config.telegram.authMaxAgeSec,
      now: () => Date.now(),
      // "A new binding" notice (issue 17, docs/flows/sessions.md): after the bind, never failing it.
      onBound: (userId, binding) => {
        void (async () => {
          const account = await app.accounts.findById(userId);
          const to = account?.email ?? account?.mobile;
          if (!account || !to) return;
          await app.delivery.send({
            channel: account.email ? 'email' : 'sms',
            to,
            kind: 'account-bound',
            locale: account.lang,
            vars: { service: 'Telegram', name: displayNameOf(binding) },
          });
        })().catch((err: unknown) => app.log.warn({ err, userId }, 'binding notice not sent'));
      },
    });
    app.decorate('telegram', service);
    app.decorate('telegramBotToken', botToken);

    // The dashboard's bound-accounts list (modules/user) shows the bound Telegram name.
    app.bindingLookups.telegram = async (userId) => {
      const binding = await repo.findByUserId(userId);
      return binding ? displayNameOf(binding) : null;
    };

    // What the web needs to start the Login Widget without a call (docs/telegram.md).
    app.pageBootstrap.contribute(() =>
      verifier
        ? {
            telegram: {
              botName: config.telegram.botName,
              botId: verifier.botId,
              widgetScriptUrl: config.telegram.widgetScriptUrl,
            },
          }
        : {},
    );
  },
  {
    name: 'telegram',
    dependencies: ['store', 'kv', 'accounts', 'delivery', 'binding-lookups', 'page-bootstrap'],
  },
);
