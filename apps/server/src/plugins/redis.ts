import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis client when REDIS_URL is set (kv and rate limits use it), else null. */
    redis: Redis | null;
  }
}

/** Connect to Redis when configured. Registered first, so rate limiting can use it. */
export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    if (!config.redisUrl) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(config.redisUrl, {
      // Fail a command after a few reconnect attempts rather than queueing forever.
      maxRetriesPerRequest: 3,
      lazyConnect: true,
    });
    // Without a listener ioredis prints every reconnect error; log once per message instead.
    let lastError = '';
    redis.on('error', (err: Error) => {
      if (err.message !== lastError) app.log.error({ err: { message: err.message } }, 'redis error');
      lastError = err.message;
    });
    redis.on('ready', () => (lastError = ''));
    await redis.connect();
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis' },
);
