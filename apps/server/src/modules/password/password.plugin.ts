import fp from 'fastify-plugin';
import type { PasswordPolicyResult } from '@gatehouse/contract';
import type { AppConfig } from '../../config/index.js';
import { checkPassword } from './check-password.js';
import { preloadCommonPasswords } from './common-passwords.js';
import { createPasswordHasher, type PasswordHasher } from './password-hasher.js';
import { loadPasswordKeys } from './password-keys.js';
import { createPasswordTransport, type PasswordTransport } from './password-transport.js';

export interface PasswordServices {
  /** Decrypts what the browser sent; `publicKeySpki(env)` is the page bootstrap's `passwordKey`. */
  transport: PasswordTransport;
  /** argon2id hashing, verification, the dummy verification for unknown accounts, re-hash check. */
  hasher: PasswordHasher;
  /** The full policy: length rules shared with the web, then the common-password list. */
  check(password: string): Promise<PasswordPolicyResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    passwords: PasswordServices;
  }
}

/**
 * Needs `kv` (replay guard) and `page-bootstrap` (it adds `passwordKey` to every page); register
 * before `pages`. Loads or creates the per-environment key pairs at start.
 */
export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const keys = await loadPasswordKeys({
      configured: config.passwordKeys,
      // Tests keep generated keys in memory rather than writing into the data folder.
      dataDir: config.nodeEnv === 'test' ? null : config.dataDir,
    });
    const transport = createPasswordTransport(keys, app.kv);
    // Every page carries its environment's public key, so the web app encrypts without a call.
    app.pageBootstrap.contribute(({ env }) => ({ passwordKey: transport.publicKeySpki(env) }));
    app.decorate('passwords', {
      transport,
      hasher: createPasswordHasher(config.argon2),
      check: checkPassword,
    });
    if (config.nodeEnv === 'production') {
      // Read the list now rather than on the first sign-up; failure here is logged, the check loads it again.
      app.addHook('onReady', async () => {
        preloadCommonPasswords().catch((err: unknown) =>
          app.log.error({ err }, 'common-password list failed to load'),
        );
      });
    }
  },
  { name: 'passwords', dependencies: ['kv', 'page-bootstrap'] },
);
