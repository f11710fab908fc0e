import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { reachable } from '../test-support/postgres.js';
import { testConfig } from '../test-support/test-app.js';
import { RedisKv } from './kv/redis-kv.js';
import { SqlKv } from './kv/sql-kv.js';

const redisUp = await reachable('127.0.0.1', 6379);
if (!redisUp) console.warn('[rate-limit.test] skipping Redis wiring test: nothing answers at 127.0.0.1:6379');

let app: App | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** An app with one extra API route to count against (the health probe is exempt by design). */
async function appWith(env: Record<string, string>): Promise<App> {
  const a = buildApp(testConfig({ RATE_LIMIT_MAX: '2', ...env }));
  // Inside a plugin, as modules are, so the rate limiter (loaded earlier) sees the route.
  a.register(async (api) => {
    api.get(`/x-api/ping-${randomBytes(3).toString('hex')}`, async () => ({ ok: true }));
  });
  await a.ready();
  return a;
}

function pingUrl(a: App): string {
  const route = a.printRoutes({ commonPrefix: false }).match(/ping-[0-9a-f]{6}/)?.[0];
  return `/x-api/${route}`;
}

describe('rate limit', () => {
  it('limits API calls per address and leaves pages and probes alone', async () => {
    app = await appWith({});
    const url = pingUrl(app);
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await app.inject({ url })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    for (let i = 0; i < 3; i++) {
      expect((await app.inject({ url: '/x-api/health' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/en/login', headers: { host: 'localhost' } })).statusCode).toBe(200);
    }
    expect(app.kv).toBeInstanceOf(SqlKv);
  });

  it.skipIf(!redisUp)('counts in Redis and keeps short-lived keys there when REDIS_URL is set', async () => {
    app = await appWith({ REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(app.redis).not.toBeNull();
    expect(app.kv).toBeInstanceOf(RedisKv);
    const url = pingUrl(app);
    // Counters outlive the test in Redis: a fresh client address per run keeps runs apart.
    const remoteAddress = `10.${[0, 0, 0].map(() => randomBytes(1)[0] ?? 1).join('.')}`;
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await app.inject({ url, remoteAddress })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    await app.redis?.del(`gh:rl:${remoteAddress}`);
    const key = `test-${randomBytes(4).toString('hex')}`;
    await app.kv.set(key, 'v', 5000);
    expect(await app.redis?.get(`gh:kv:${key}`)).toBe('v');
    await app.kv.del(key);
  });
});
