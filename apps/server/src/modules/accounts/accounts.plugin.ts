import fp from 'fastify-plugin';
import { createAccountsRepository, type AccountsRepository } from './accounts.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts: lookups by id / e-mail / E.164, creation, password and lockout bookkeeping. */
    accounts: AccountsRepository;
  }
}

/** Needs the `store` plugin. Register before the modules that use `app.accounts`. */
export default fp(
  async (app) => {
    app.decorate('accounts', createAccountsRepository(app.db));
  },
  { name: 'accounts', dependencies: ['store'] },
);
