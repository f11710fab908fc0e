import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/index.js';
import { createPasswordProof } from '../two-factor/password-proof.js';
import { createPasskeysRepository } from './passkeys.repository.js';
import { createPasskeysService, type PasskeysService } from './passkeys.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Passkeys: registration, list, rename, removal, and the login ceremony (modules/login calls it). */
    passkeys: PasskeysService;
  }
}

/** Needs `kv`, `store`, `accounts`, `delivery`, `passwords`, `password-attempts`, `known-devices`. */
export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const now = () => Date.now();
    app.decorate(
      'passkeys',
      createPasskeysService({
        repo: createPasskeysRepository(app.db),
        accounts: app.accounts,
        kv: app.kv,
        delivery: app.delivery,
        provePassword: createPasswordProof({
          passwords: app.passwords,
          attempts: app.passwordAttempts,
          devices: app.devices,
          now,
        }),
        rpName: config.brandName,
        log: app.log,
        now,
      }),
    );
  },
  {
    name: 'passkeys',
    dependencies: ['kv', 'store', 'accounts', 'delivery', 'passwords', 'password-attempts', 'known-devices'],
  },
);
