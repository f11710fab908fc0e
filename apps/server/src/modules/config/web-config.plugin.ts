import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';

/** A config entry computed per request (from server configuration), e.g. captcha vendor scripts. */
export type WebConfigContributor = (request: FastifyRequest) => unknown;

export interface WebConfigRegistry {
  /** Answer `name` from `fn` instead of the table; later modules may not override an earlier name. */
  contribute(name: string, fn: WebConfigContributor): void;
  contributor(name: string): WebConfigContributor | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    webConfig: WebConfigRegistry;
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
    app.decorate('webConfig', {
      contribute(name, fn) {
        if (contributors.has(name)) throw new Error(`web config entry ${name} is contributed twice`);
        contributors.set(name, fn);
      },
      contributor: (name) => contributors.get(name),
    } satisfies WebConfigRegistry);
  },
  { name: 'web-config' },
);
