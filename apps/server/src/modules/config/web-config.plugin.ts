import fp from 'fastify-plugin';
import { PAGE_WEB_CONFIG_KEYS } from '@gatehouse/contract';
import { createWebConfigRepository } from './web-config.repository.js';
import {
  createWebConfigService,
  type WebConfigContributor,
  type WebConfigRegistry,
  type WebConfigService,
} from './web-config.service.js';

export type { WebConfigContributor, WebConfigRegistry } from './web-config.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Entries and banners for the config routes, and the registry modules contribute computed entries to. */
    webConfig: WebConfigRegistry & WebConfigService;
  }
}

/**
 * Lets modules publish values to `POST /v3/config/web` without the config module knowing them.
 * Values that come from the environment (secrets' public halves, script URLs) are computed, not
 * stored, so they can never drift from what the server verifies against.
 */
export default fp(
  async (app) => {
    const contributors = new Map<string, WebConfigContributor>();
    const registry: WebConfigRegistry = {
      contribute(name, fn) {
        if (contributors.has(name)) throw new Error(`web config entry ${name} is contributed twice`);
        contributors.set(name, fn);
      },
      contributor: (name) => contributors.get(name),
    };
    const service = createWebConfigService(createWebConfigRepository(app.db), registry);
    app.decorate('webConfig', { ...registry, ...service });
    // The entries every page reads at start, for the site the page is served on: inlined, so no page
    // waits for the config call to know its feature flags or sign-up variant (issue 12).
    app.pageBootstrap.contribute(async ({ request }) => ({
      webConfig: Object.fromEntries(
        (await service.entries(PAGE_WEB_CONFIG_KEYS, request)).map((entry) => [entry.name, entry.value]),
      ),
    }));
  },
  { name: 'web-config', dependencies: ['store', 'page-bootstrap'] },
);
