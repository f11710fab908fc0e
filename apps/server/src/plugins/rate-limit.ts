import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/index.js';
import { attachRouteHook, isApiRoute } from '../lib/route-hooks.js';
import { kvCounter, memoryCounter, storeClass } from './rate-limit-store.js';

/**
 * Rate limits, attached to routes as they are registered (register before the routes), so a limit
 * holds for whatever spelling of the URL reached the route:
 *
 * - a baseline per-address limit (RATE_LIMIT_MAX a minute) shared by every API route that does not
 *   set its own; pages, static files and routes outside the API base are not counted. It counts in
 *   Redis when configured (all instances together), else in process memory (per instance).
 * - a route's own limit, `config: { rateLimit: { max, timeWindow } }` (costly or guessable calls):
 *   per address and route, always in the shared store (`app.kv`: Redis, or the database's
 *   `kv_entries` table), so every instance counts together whatever the deployment.
 *   `config: { rateLimit: false }` exempts a route (the health probe).
 */
export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const shared = kvCounter(app.kv);
    await app.register(rateLimit, {
      global: false,
      max: config.rateLimitMax,
      timeWindow: 60_000,
      store: storeClass(app.redis ? shared : memoryCounter(), shared),
    });
    const baseline = app.rateLimit();
    app.addHook('onRoute', (route) => {
      if (isApiRoute(route, config.apiBase) && route.config?.rateLimit === undefined) {
        attachRouteHook(route, 'onRequest', baseline);
      }
    });
  },
  { name: 'rate-limit', dependencies: ['redis', 'kv'] },
);
