import fp from 'fastify-plugin';
import {
  createOAuthAuthorizeService,
  type OAuthAuthorizeService,
  type OAuthStores,
} from './oauth-authorize.service.js';
import { createOAuthClientsRepository } from './oauth-clients.repository.js';
import { createOAuthCodesRepository } from './oauth-codes.repository.js';
import { createOAuthConsentsRepository } from './oauth-consents.repository.js';
import { createOAuthFamiliesRepository } from './oauth-families.repository.js';
import {
  createOAuthTokenService,
  REFRESH_TOKEN_TTL_MS,
  type OAuthTokenService,
} from './oauth-token.service.js';
import { createOAuthTokensRepository } from './oauth-tokens.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The authorization server: client registry, the user-facing and the client-facing services. */
    oauth: { stores: OAuthStores; authorize: OAuthAuthorizeService; token: OAuthTokenService };
  }
}

export interface OAuthPluginOptions {
  /** Clock in epoch ms (tests). Defaults to Date.now, read on every call. */
  now?: () => number;
  /** How often to delete expired codes and tokens; 0 turns the sweeper off. Default: hourly. */
  purgeIntervalMs?: number;
}

/** Needs `store` and `accounts`. Register before the OAuth routes. */
export default fp<OAuthPluginOptions>(
  async (app, opts) => {
    const stores: OAuthStores = {
      clients: createOAuthClientsRepository(app.db),
      consents: createOAuthConsentsRepository(app.db),
      codes: createOAuthCodesRepository(app.db),
      tokens: createOAuthTokensRepository(app.db),
      families: createOAuthFamiliesRepository(app.db),
      now: opts.now ?? (() => Date.now()),
    };
    app.decorate('oauth', {
      stores,
      authorize: createOAuthAuthorizeService(stores),
      token: createOAuthTokenService(stores, app.accounts),
    });

    const purgeIntervalMs = opts.purgeIntervalMs ?? 60 * 60_000;
    if (purgeIntervalMs > 0) {
      let timer: NodeJS.Timeout | undefined;
      app.addHook('onReady', async () => {
        timer = setInterval(() => {
          const at = stores.now();
          // Used codes stay as long as a refresh token they led to may live, so a late replay
          // is still recognised and still revokes its family.
          Promise.all([
            stores.codes.purge(at - REFRESH_TOKEN_TTL_MS),
            stores.tokens.purge(at),
            stores.families.purge(at),
          ]).catch((err: unknown) => app.log.warn({ err }, 'oauth purge failed'));
        }, purgeIntervalMs);
        timer.unref();
      });
      app.addHook('onClose', async () => clearInterval(timer));
    }
  },
  { name: 'oauth', dependencies: ['store', 'accounts'] },
);
