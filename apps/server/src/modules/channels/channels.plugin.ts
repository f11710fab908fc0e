import fp from 'fastify-plugin';
import { createChannelsRepository } from './channels.repository.js';
import { createChannelsService, type ChannelsService } from './channels.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign-up channels: referral codes, affiliates and brokers, attribution (channels.routes.ts). */
    channels: ChannelsService;
  }
}

/** Needs `store`, `accounts` and `session`. Register before `registration`, which attributes each new account. */
export default fp(
  async (app) => {
    app.decorate(
      'channels',
      createChannelsService({
        repo: createChannelsRepository(app.db),
        accounts: app.accounts,
        sessions: app.sessions,
      }),
    );
  },
  { name: 'channels', dependencies: ['store', 'accounts', 'session'] },
);
