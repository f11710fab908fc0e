import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import { buildApp } from '../app.js';
import type { AppConfig } from '../config/index.js';
import { connectDb } from '../db/connect.js';
import { freshPgSchema, reachable, TEST_PG_URL } from '../test-support/postgres.js';
import { testConfig } from '../test-support/test-app.js';
import { MemoryKv } from './kv/memory-kv.js';
import { RedisKv } from './kv/redis-kv.js';
import { SqlKv } from './kv/sql-kv.js';
import rateLimit from './rate-limit.js';

// Under CI the shared-store tests must run, not skip: a missing service fails them instead.
const ci = process.env.CI === 'true';
const redisUp = await reachable('127.0.0.1', 6379);
if (!redisUp) console.warn('[rate-limit.test] skipping Redis tests: nothing answers at 127.0.0.1:6379');
const pg = await freshPgSchema();
if ('skip' in pg) console.warn(`[rate-limit.test] skipping PostgreSQL tests: ${pg.skip}`);
afterAll(async () => {
  if ('drop' in pg) await pg.drop();
});

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

const hex = (n: number) => randomBytes(n).toString('hex');
/** A client address of its own per test: counters in Redis and PostgreSQL outlive a run. */
const freshIp = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0] ?? 1).join('.')}`;

/**
 * Windows are aligned to the clock; a burst that straddled a minute boundary would count in two
 * windows. Wait for the next window when this one ends within two seconds.
 */
async function awayFromWindowEdge(windowMs = 60_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < 2000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** The full app, plus API routes to count against (the health probe is exempt by design). */
async function appWith(env: Record<string, string>, routes: { ping: string; costly?: string; max?: number }) {
  const a = buildApp(testConfig({ RATE_LIMIT_MAX: '2', ...env }));
  apps.push(a);
  // Inside a plugin, as modules are, so the rate limiter (loaded earlier) sees the routes.
  a.register(async (api) => {
    api.get(routes.ping, async () => ({ ok: true }));
    if (routes.costly) {
      api.post(
        routes.costly,
        { config: { rateLimit: { max: routes.max ?? 3, timeWindow: 60_000 } } },
        async () => ({ ok: true }),
      );
    }
  });
  await a.ready();
  return a;
}

describe('rate limit in the app', () => {
  it('limits API calls per address and leaves pages and probes alone', async () => {
    const ping = `/x-api/ping-${hex(3)}`;
    const app = await appWith({}, { ping });
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await app.inject({ url: ping })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    for (let i = 0; i < 3; i++) {
      expect((await app.inject({ url: '/x-api/health' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/en/login', headers: { host: 'localhost' } })).statusCode).toBe(200);
    }
    expect(app.kv).toBeInstanceOf(SqlKv);
  });

  it('lets exactly RATE_LIMIT_MAX of N+5 parallel calls through; odd spellings neither pass nor count', async () => {
    await awayFromWindowEdge();
    const ping = `/x-api/ping-${hex(3)}`;
    const app = await appWith({ RATE_LIMIT_MAX: '10' }, { ping });
    const odd = await Promise.all(
      [`/%78-api/${ping.slice(7)}`, `/${ping}`, `${ping}/`, `${ping.toUpperCase()}`].map((url) =>
        app.inject({ url }),
      ),
    );
    expect(odd.map((r) => r.statusCode)).toEqual([400, 400, 400, 400]);
    const answers = await Promise.all(Array.from({ length: 15 }, () => app.inject({ url: ping })));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    const refused = answers.find((r) => r.statusCode === 429);
    expect(refused?.json()).toMatchObject({ ret_code: RetCode.TooFrequent });
  });

  it("counts a route's own limit apart from the baseline, per route", async () => {
    await awayFromWindowEdge();
    const costly = `/x-api/costly-${hex(3)}`;
    const app = await appWith({ RATE_LIMIT_MAX: '100' }, { ping: `/x-api/ping-${hex(3)}`, costly, max: 3 });
    const headers = { platform: 'pc' };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => app.inject({ method: 'POST', url: costly, headers })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    // The route's counters live in the shared store, keyed by method and registered path.
    const rows = await app.db.selectFrom('kv_entries').select('key').where('key', 'like', 'rl:%').execute();
    expect(rows.map((r) => r.key)).toEqual([expect.stringMatching(new RegExp(`^rl:POST ${costly}:`))]);
  });

  it.skipIf(!redisUp && !ci)(
    'counts in Redis and keeps short-lived keys there when REDIS_URL is set',
    async () => {
      expect(redisUp, 'Redis must answer at 127.0.0.1:6379 under CI').toBe(true);
      const app = await appWith({ REDIS_URL: 'redis://127.0.0.1:6379' }, { ping: `/x-api/ping-${hex(3)}` });
      expect(app.redis).not.toBeNull();
      expect(app.kv).toBeInstanceOf(RedisKv);
      const url = app.printRoutes({ commonPrefix: false }).match(/ping-[0-9a-f]{6}/)?.[0];
      const remoteAddress = freshIp();
      const codes = [];
      for (let i = 0; i < 3; i++)
        codes.push((await app.inject({ url: `/x-api/${url}`, remoteAddress })).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      expect(await app.redis?.keys(`gh:kv:rl:base:${remoteAddress}:*`)).toHaveLength(1);
      const key = `test-${hex(4)}`;
      await app.kv.set(key, 'v', 5000);
      expect(await app.redis?.get(`gh:kv:${key}`)).toBe('v');
      await app.kv.del(key);
    },
  );
});

/**
 * Two instances on one shared store; a route limit of N; N+5 calls at once, alternating between
 * the instances: exactly N pass.
 */
async function twoInstancesHoldTheRouteLimit(
  env: Record<string, string>,
  db?: () => ReturnType<typeof connectDb>,
) {
  await awayFromWindowEdge();
  const costly = `/x-api/costly-${hex(4)}`;
  const make = async () => {
    const a = buildApp(testConfig({ RATE_LIMIT_MAX: '1000', ...env }), db ? { db: db() } : {});
    apps.push(a);
    a.register(async (api) => {
      api.post(costly, { config: { rateLimit: { max: 7, timeWindow: 60_000 } } }, async () => ({ ok: true }));
    });
    // One after the other: both run the migrations on start.
    await a.ready();
    return a;
  };
  const first = await make();
  const second = await make();
  const remoteAddress = freshIp();
  const answers = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      (i % 2 ? first : second).inject({
        method: 'POST',
        url: costly,
        remoteAddress,
        headers: { platform: 'pc' },
      }),
    ),
  );
  const codes = answers.map((r) => r.statusCode);
  expect(codes.filter((c) => c === 200)).toHaveLength(7);
  expect(codes.filter((c) => c === 429)).toHaveLength(5);
}

describe('route limits are shared by every instance', () => {
  it.skipIf(!('schema' in pg) && !ci)('on PostgreSQL without Redis (kv_entries)', async () => {
    if (!('schema' in pg)) throw new Error(`PostgreSQL is required under CI: ${pg.skip}`);
    await twoInstancesHoldTheRouteLimit({}, () =>
      connectDb({ kind: 'postgres', url: TEST_PG_URL }, { pgSchema: pg.schema }),
    );
  });

  it.skipIf(!redisUp && !ci)('on Redis', async () => {
    expect(redisUp, 'Redis must answer at 127.0.0.1:6379 under CI').toBe(true);
    await twoInstancesHoldTheRouteLimit({ REDIS_URL: 'redis://127.0.0.1:6379' });
  });
});

describe('rate limits are attached to routes, not matched against the URL', () => {
  /** The rate-limit plugin alone (no canonical-path refusal in front), on an in-memory store. */
  async function bare(max: number): Promise<FastifyInstance> {
    const app = Fastify();
    apps.push(app);
    await app.register(fp(async (a) => void a.decorate('redis', null), { name: 'redis' }));
    await app.register(fp(async (a) => void a.decorate('kv', new MemoryKv()), { name: 'kv' }));
    await app.register(rateLimit, { config: { rateLimitMax: max, apiBase: '/x-api' } as AppConfig });
    app.get('/x-api/ping', async () => 'pong');
    app.post('/x-api/costly', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => 'done');
    app.get('/page', async () => 'page');
    await app.ready();
    return app;
  }

  // Spellings Fastify's router maps to the routes above (it percent-decodes the path).
  const pings = ['/x-api/ping', '/%78-api/ping', '/x-api/pin%67', '/x%2Dapi/ping'];

  it('the baseline holds for N+5 parallel calls in any spelling that reaches the route', async () => {
    await awayFromWindowEdge();
    const app = await bare(6);
    const answers = await Promise.all(
      Array.from({ length: 11 }, (_, i) => app.inject({ url: pings[i % pings.length] ?? '/x-api/ping' })),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(6);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
  });

  it("a route's own limit holds in any spelling", async () => {
    await awayFromWindowEdge();
    const app = await bare(100);
    const urls = ['/x-api/costly', '/%78-api/costly', '/x-api/cost%6Cy', '/x-api/costly'];
    const codes = await Promise.all(
      urls.map((url) => app.inject({ method: 'POST', url }).then((r) => r.statusCode)),
    );
    expect(codes.sort()).toEqual([200, 200, 429, 429]);
  });

  it('pages are not counted', async () => {
    const app = await bare(1);
    for (let i = 0; i < 3; i++) expect((await app.inject({ url: '/page' })).statusCode).toBe(200);
  });
});
