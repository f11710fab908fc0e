import fp from 'fastify-plugin';
import { SOCIAL_PROVIDERS, type SocialProvider } from '@gatehouse/contract';
import type { AppConfig } from '../../config/index.js';
import { createOidcClient, type OidcClient } from './oidc-client.js';
import { createSocialLoginRepository } from './social-login.repository.js';
import { createSocialLoginService, type SocialLoginService } from './social-login.service.js';

export interface SocialLoginPluginOptions {
  config: AppConfig;
  /** Tests: where the OpenID clients' HTTP calls go (a fake issuer). */
  fetch?: typeof fetch;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Google and Apple sign-in (docs/flows/social-login.md). */
    socialLogin: SocialLoginService;
  }
}

/**
 * Root-level social login services (routes: social-login.routes.ts, social-callback.routes.ts).
 * Needs `store`, `kv`, `page-bootstrap`; register before the modules and `pages`.
 */
export default fp<SocialLoginPluginOptions>(
  async (app, { config, fetch }) => {
    const clients: Partial<Record<SocialProvider, OidcClient>> = {};
    for (const provider of SOCIAL_PROVIDERS) {
      const cfg = config.social[provider];
      if (cfg) clients[provider] = createOidcClient(cfg, fetch ? { fetch } : {});
    }
    const service = createSocialLoginService({
      config: config.social,
      clients,
      kv: app.kv,
      repo: createSocialLoginRepository(app.db),
      now: () => Date.now(),
    });
    app.decorate('socialLogin', service);

    // The login and sign-up pages draw their buttons from the bootstrap: no call, no button when off.
    app.pageBootstrap.contribute(({ site, route }) => {
      if (route !== 'login' && route !== 'register') return {};
      const providers = service.enabledFor(site);
      return providers.length ? { socialLogin: { providers } } : {};
    });
  },
  { name: 'social-login', dependencies: ['store', 'kv', 'page-bootstrap'] },
);
