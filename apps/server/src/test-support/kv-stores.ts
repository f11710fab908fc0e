import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { connectDb, type Db } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import type { KvStore } from '../plugins/kv/kv-store.js';
import { MemoryKv } from '../plugins/kv/memory-kv.js';
import { RedisKv } from '../plugins/kv/redis-kv.js';
import { SqlKv } from '../plugins/kv/sql-kv.js';
import { freshPgSchema, reachable, TEST_PG_URL } from './postgres.js';

/**
 * Every KvStore the server can run on, for tests that must hold on each: the same behaviour on the
 * embedded store and on PostgreSQL or Redis. A store that is not reachable is skipped with a printed
 * reason, except under CI=true, where it is a failure (CI has both running).
 */
export interface KvStoreUnderTest {
  name: string;
  /** Why it cannot run here, or null. */
  skip: string | null;
  /** Two handles on one shared store, as two server instances would have. */
  open(): Promise<{ a: KvStore; b: KvStore }>;
  closeAll(): Promise<void>;
}

const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function unavailable(name: string, reason: string): string {
  if (process.env.CI === 'true') throw new Error(`${name} is required under CI=true: ${reason}`);
  console.warn(`[kv-stores] skipping ${name}: ${reason}`);
  return reason;
}

export async function kvStoresUnderTest(): Promise<KvStoreUnderTest[]> {
  const sqlite: Db[] = [];
  const redisUrl = new URL(TEST_REDIS_URL);
  const pgUrl = new URL(TEST_PG_URL);
  const redisUp = await reachable(redisUrl.hostname, Number(redisUrl.port || 6379));
  const pgUp = await reachable(pgUrl.hostname, Number(pgUrl.port || 5432));
  const redisClients: Redis[] = [];
  const pg: { db: Db; drop: () => Promise<void> }[] = [];

  return [
    {
      name: 'memory',
      skip: null,
      async open() {
        const kv = new MemoryKv();
        return { a: kv, b: kv };
      },
      closeAll: async () => {},
    },
    {
      name: 'SQLite',
      skip: null,
      async open() {
        const db = connectDb({ kind: 'sqlite', file: ':memory:' });
        sqlite.push(db);
        await migrateToLatest(db);
        return { a: new SqlKv(db, { sweepEveryMs: false }), b: new SqlKv(db, { sweepEveryMs: false }) };
      },
      async closeAll() {
        for (const db of sqlite.splice(0)) await db.destroy();
      },
    },
    {
      name: 'PostgreSQL',
      skip: pgUp ? null : unavailable('PostgreSQL', `nothing answers at ${pgUrl.host}`),
      async open() {
        const fresh = await freshPgSchema();
        if ('skip' in fresh) throw new Error(fresh.skip);
        // Two pools on one schema: two instances.
        const one = connectDb({ kind: 'postgres', url: TEST_PG_URL }, { pgSchema: fresh.schema });
        const two = connectDb({ kind: 'postgres', url: TEST_PG_URL }, { pgSchema: fresh.schema });
        await migrateToLatest(one);
        pg.push({ db: one, drop: async () => {} }, { db: two, drop: fresh.drop });
        return { a: new SqlKv(one, { sweepEveryMs: false }), b: new SqlKv(two, { sweepEveryMs: false }) };
      },
      async closeAll() {
        for (const { db, drop } of pg.splice(0)) {
          await db.destroy();
          await drop();
        }
      },
    },
    {
      name: 'Redis',
      skip: redisUp ? null : unavailable('Redis', `nothing answers at ${redisUrl.host}`),
      async open() {
        const prefix = `gh:test:${randomBytes(4).toString('hex')}:`;
        const clients = [new Redis(TEST_REDIS_URL), new Redis(TEST_REDIS_URL)] as const;
        redisClients.push(...clients);
        return { a: new RedisKv(clients[0], { prefix }), b: new RedisKv(clients[1], { prefix }) };
      },
      async closeAll() {
        for (const redis of redisClients.splice(0)) {
          const keys = await redis.keys('gh:test:*');
          if (keys.length) await redis.del(...keys);
          await redis.quit();
        }
      },
    },
  ];
}
