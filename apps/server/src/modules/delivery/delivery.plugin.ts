import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/index.js';
import { createDelivery } from './delivery.service.js';
import type { Delivery } from './delivery-types.js';
import { createMessageTexts } from './message-texts.js';
import { createOutboxRepository } from './outbox.repository.js';
import { outboxOnlySmsProvider, type SmsProvider } from './sms-provider.js';
import { createTwilioSmsProvider } from './sms-twilio.js';
import { createMailer, type Mailer } from './smtp-mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Mail and SMS: always the outbox, plus SMTP / the SMS provider when configured. */
    delivery: Delivery;
  }
}

/** Outbox messages older than this are deleted (they hold codes; nobody needs them after a week). */
export const OUTBOX_RETENTION_MS = 7 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;

export interface DeliveryPluginOptions {
  config: AppConfig;
  /** Replaces the SMTP_URL transport (tests pass a jsonTransport mailer). */
  mailer?: Mailer;
}

function smsProvider(config: AppConfig): SmsProvider {
  const { sms } = config;
  return sms.provider === 'twilio' ? createTwilioSmsProvider(sms) : outboxOnlySmsProvider;
}

/** Needs the `store` plugin. */
export default fp<DeliveryPluginOptions>(
  async (app, { config, mailer: givenMailer }) => {
    const outbox = createOutboxRepository(app.db);
    const mailer = givenMailer ?? (config.smtpUrl ? createMailer(config.smtpUrl, config.mailFrom) : null);
    app.decorate(
      'delivery',
      createDelivery({
        outbox,
        texts: createMessageTexts(config.mailTextsDir),
        mailer,
        sms: smsProvider(config),
        log: app.log,
        product: config.brandName,
        printCodes: config.nodeEnv === 'development',
      }),
    );

    const prune = () =>
      outbox
        .prune(Date.now() - OUTBOX_RETENTION_MS)
        .catch((err: unknown) => app.log.warn({ err }, 'outbox prune failed'));
    const timer = setInterval(prune, PRUNE_EVERY_MS);
    timer.unref();
    app.addHook('onReady', async () => {
      await prune();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      // Sends nobody waited for (reset codes) finish before the store closes.
      await app.delivery.settled();
      mailer?.close();
    });
  },
  { name: 'delivery', dependencies: ['store'] },
);
