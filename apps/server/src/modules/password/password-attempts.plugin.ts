import fp from 'fastify-plugin';
import { createPasswordAttempts, type PasswordAttempts } from './password-attempts.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Password guessing limits shared by every place that checks a password (login, re-authentication). */
    passwordAttempts: PasswordAttempts;
  }
}

/** Needs `kv`. */
export default fp(
  async (app) => {
    app.decorate('passwordAttempts', createPasswordAttempts(app.kv));
  },
  { name: 'password-attempts', dependencies: ['kv'] },
);
