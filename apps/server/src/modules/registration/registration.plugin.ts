import fp from 'fastify-plugin';
import { createRegistrationRepository } from './registration.repository.js';
import { createRegistrationService, type RegistrationService } from './registration.service.js';

const PURGE_EVERY_MS = 60 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign-up flows (registration.routes.ts, one-shot.routes.ts). */
    registration: RegistrationService;
  }
}

/**
 * Needs `store`, `accounts`, `delivery`, `kv`, `passwords`, `session`, `web-config` (feature flags),
 * `channels` (attribution of each new account), `compliance` (the residence a site accepts).
 */
export default fp(
  async (app) => {
    const service = createRegistrationService({
      db: app.db,
      repo: createRegistrationRepository(app.db),
      accounts: app.accounts,
      delivery: app.delivery,
      kv: app.kv,
      passwords: app.passwords,
      sessions: app.sessions,
      phoneSignUpOn: async () => (await app.webConfig.featureFlags()).phoneSignUp,
      attribute: (trx, userId, channel, now) => app.channels.attributeSignup(trx, userId, channel, now),
      vetResidence: (site, country, subdivision) => app.compliance.vetResidence(site, country, subdivision),
      limits: { maxSendsPerIpPerHour: app.config.registerSendsPerAddressHour },
    });
    app.decorate('registration', service);

    // Finished and abandoned flows are refused by their expiry already; this keeps the table small.
    const timer = setInterval(() => {
      service.purgeExpired().catch((err: unknown) => app.log.warn({ err }, 'registration purge failed'));
    }, PURGE_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  {
    name: 'registration',
    dependencies: [
      'store',
      'accounts',
      'delivery',
      'kv',
      'passwords',
      'session',
      'web-config',
      'channels',
      'compliance',
    ],
  },
);
