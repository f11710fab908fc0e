import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/index.js';

/**
 * A baseline per-address limit on API calls (RATE_LIMIT_MAX a minute); pages and static files
 * are not counted. A route tightens its own limit with `config: { rateLimit: { max, timeWindow } }`.
 * Counters live in Redis when configured (shared by all instances), else in process memory.
 */
export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    await app.register(rateLimit, {
      global: true,
      max: config.rateLimitMax,
      timeWindow: 60_000,
      allowList: (req) => !req.url.startsWith(`${config.apiBase}/`),
      ...(app.redis ? { redis: app.redis, nameSpace: 'gh:rl:' } : {}),
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
