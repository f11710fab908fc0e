import fp from 'fastify-plugin';
import { createPasswordChange, type ChangePassword } from './password-change.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The account page's security changes (issue 17): the password, with the current one. */
    accountSecurity: { changePassword: ChangePassword };
  }
}

/** Needs `accounts`, `passwords`, `password-attempts`, `known-devices`, `session`, `delivery`. */
export default fp(
  async (app) => {
    app.decorate('accountSecurity', {
      changePassword: createPasswordChange({
        accounts: app.accounts,
        passwords: app.passwords,
        attempts: app.passwordAttempts,
        devices: app.devices,
        sessions: app.sessions,
        delivery: app.delivery,
        log: app.log,
        now: () => Date.now(),
      }),
    });
  },
  {
    name: 'account-security',
    dependencies: ['accounts', 'passwords', 'password-attempts', 'known-devices', 'session', 'delivery'],
  },
);
