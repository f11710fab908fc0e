import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/index.js';
import { createPasswordProof } from './password-proof.js';
import { deriveTwoFactorKeys, loadTwoFactorKey } from './two-factor-key.js';
import { createTwoFactorRepository } from './two-factor.repository.js';
import { createTwoFactorService, type TwoFactorService } from './two-factor.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Authenticator 2FA: set-up, the login step (modules/login calls it), off, removal by e-mail. */
    twoFactor: TwoFactorService;
  }
}

/** Needs `kv`, `store`, `accounts`, `delivery`, `passwords`, `password-attempts`, `known-devices`. */
export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const master = await loadTwoFactorKey({
      configured: config.twoFactor.key,
      // Tests keep the generated key in memory rather than writing into the data folder.
      dataDir: config.nodeEnv === 'test' ? null : config.dataDir,
    });
    const now = () => Date.now();
    app.decorate(
      'twoFactor',
      createTwoFactorService({
        repo: createTwoFactorRepository(app.db),
        accounts: app.accounts,
        kv: app.kv,
        delivery: app.delivery,
        keys: deriveTwoFactorKeys(master),
        provePassword: createPasswordProof({
          passwords: app.passwords,
          attempts: app.passwordAttempts,
          devices: app.devices,
          now,
        }),
        issuer: config.brandName,
        unbindDelayMs: config.twoFactor.unbindDelayMs,
        log: app.log,
        now,
      }),
    );
  },
  {
    name: 'two-factor',
    dependencies: ['kv', 'store', 'accounts', 'delivery', 'passwords', 'password-attempts', 'known-devices'],
  },
);
