import fp from 'fastify-plugin';
import { createBansRepository } from './bans.repository.js';
import { createBanService, type BanService } from './bans.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Bans: set and lifted by the operator CLI, read by login and the ban screens (docs/flows/ban.md). */
    bans: BanService;
  }
}

/** Needs the `store` and `session` plugins. Register before the modules that use `app.bans`. */
export default fp(
  async (app) => {
    app.decorate(
      'bans',
      createBanService({
        repository: createBansRepository(app.db),
        revokeSessions: (userId) => app.sessions.revokeAllForUser(userId),
        now: () => Date.now(),
      }),
    );
  },
  { name: 'bans', dependencies: ['store', 'session'] },
);
