import fp from 'fastify-plugin';
import { PAGE_WEB_CONFIG_KEYS, type SiteId } from '@gatehouse/contract';
import { requestSite } from '../../lib/request-site.js';
import { createWebConfigRepository } from './web-config.repository.js';
import {
  WEB_CONFIG_ANSWER_TTL_MS,
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
    // Read per site at most once per WEB_CONFIG_ANSWER_TTL_MS, like the config call's answer (ADR 0019):
    // a page render costs no table read, and an operator's change reaches new pages within that time.
    const kept = new Map<SiteId, { value: Record<string, unknown>; expiresAt: number }>();
    const pageEntries = async (site: SiteId) => {
      const hit = kept.get(site);
      if (hit && hit.expiresAt > Date.now()) return hit.value;
      const value = Object.fromEntries(
        (await service.entries(PAGE_WEB_CONFIG_KEYS, site)).map((entry) => [entry.name, entry.value]),
      );
      kept.set(site, { value, expiresAt: Date.now() + WEB_CONFIG_ANSWER_TTL_MS });
      return value;
    };
    app.pageBootstrap.contribute(async ({ request }) => ({
      webConfig: await pageEntries(requestSite(request).site),
    }));
  },
  { name: 'web-config', dependencies: ['store', 'page-bootstrap'] },
);
