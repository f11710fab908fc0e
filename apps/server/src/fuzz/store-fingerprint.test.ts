import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, type Db } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { reachable } from '../test-support/postgres.js';
import { changedParts, describeChanges, scanKeys, storeSnapshot } from './store-fingerprint.js';

const TEST_REDIS_URL = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const redisUp = await reachable(TEST_REDIS_URL.hostname, Number(TEST_REDIS_URL.port || 6379));
if (!redisUp) {
  if (process.env.CI === 'true') throw new Error(`Redis is required under CI=true at ${TEST_REDIS_URL.host}`);
  console.warn(`[store-fingerprint] skipping the Redis cases: Redis not reachable at ${TEST_REDIS_URL.host}`);
}

/**
 * The fuzz test's "changes nothing" check compares two snapshots. A key that expires near the
 * snapshots' common cut must fall on the same side in both, however late a reply is read: on a
 * loaded machine the reply to a pipeline can wait tens of milliseconds for the event loop.
 */
describe.skipIf(!redisUp)('store fingerprint on Redis', () => {
  let db: Db;
  let client: Redis;
  const prefix = `gh:fp-test:${randomBytes(4).toString('hex')}:`;

  beforeAll(async () => {
    db = connectDb({ kind: 'sqlite', file: ':memory:' });
    await migrateToLatest(db);
    client = new Redis(TEST_REDIS_URL.toString(), { maxRetriesPerRequest: 1 });
  });

  afterAll(async () => {
    const keys = await scanKeys(client, `${prefix}*`);
    if (keys.length > 0) await client.del(...keys);
    await client.quit();
    await db.destroy();
  });

  /** The same client, whose pipeline replies are read `delayMs` after they arrive. */
  function slowReplies(delayMs: number): Redis {
    return new Proxy(client, {
      get(target, prop, receiver) {
        if (prop !== 'pipeline') return Reflect.get(target, prop, receiver) as unknown;
        return () => {
          const pipeline = target.pipeline();
          const exec = pipeline.exec.bind(pipeline);
          return Object.assign(pipeline, {
            exec: async () => {
              const replies = await exec();
              await sleep(delayMs);
              return replies;
            },
          });
        };
      },
    });
  }

  it('puts a key expiring just before the cut on the same side, with a slow reply or not', async () => {
    const at = Date.now();
    // Expires 30 ms before the cut (at + 2 minutes): outside both snapshots.
    await client.set(`${prefix}gh:kv:near-cut`, 'x', 'PXAT', at + 120_000 - 30);
    await client.set(`${prefix}gh:kv:kept`, 'y', 'PX', 600_000);
    const fast = await storeSnapshot({ db, redis: { client, prefix } }, at);
    const slow = await storeSnapshot({ db, redis: { client: slowReplies(80), prefix } }, at);
    expect([...fast.kv.keys()]).toEqual(['gh:kv:kept']);
    expect(describeChanges(fast, slow)).toBe('');
  });

  it('counts a key once when SCAN returns it twice (as it may while Redis rehashes)', async () => {
    const at = Date.now();
    await client.set(`${prefix}gh:kv:twice`, 'x', 'PX', 600_000);
    const repeating = new Proxy(client, {
      get(target, prop, receiver) {
        if (prop !== 'scan') return Reflect.get(target, prop, receiver) as unknown;
        return async (...args: Parameters<Redis['scan']>) => {
          const [next, batch] = await target.scan(...args);
          return [next, [...batch, ...batch]];
        };
      },
    });
    const once = await storeSnapshot({ db, redis: { client, prefix } }, at);
    const twice = await storeSnapshot({ db, redis: { client: repeating, prefix } }, at);
    expect(describeChanges(once, twice)).toBe('');
  });

  it('leaves out a key that expires between SCAN and the read of its expiry', async () => {
    const at = Date.now();
    await client.set(`${prefix}gh:kv:going`, 'x', 'PX', 600_000);
    // SCAN still lists the key; by the time its expiry and value are read, it is gone.
    const late = new Proxy(client, {
      get(target, prop, receiver) {
        if (prop !== 'scan') return Reflect.get(target, prop, receiver) as unknown;
        return async (...args: Parameters<Redis['scan']>) => {
          const answer = await target.scan(...args);
          await target.del(`${prefix}gh:kv:going`);
          return answer;
        };
      },
    });
    const snapshot = await storeSnapshot({ db, redis: { client: late, prefix } }, at);
    expect([...snapshot.kv.keys()]).not.toContain('gh:kv:going');
  });

  it('names the key that changed', async () => {
    const at = Date.now();
    const before = await storeSnapshot({ db, redis: { client, prefix } }, at);
    await client.set(`${prefix}gh:kv:written`, 'z', 'PX', 600_000);
    const after = await storeSnapshot({ db, redis: { client, prefix } }, at);
    expect(changedParts(before, after)).toEqual(['kv']);
    expect(describeChanges(before, after)).toMatch(/gh:kv:written: absent → \w+ expires /);
  });
});

describe('store fingerprint on SQLite', () => {
  it('counts the rows of a table that changed', async () => {
    const db = connectDb({ kind: 'sqlite', file: ':memory:' });
    await migrateToLatest(db);
    const at = Date.now();
    const before = await storeSnapshot({ db }, at);
    await db
      .insertInto('kv_entries')
      .values({ key: 'flow:x', value: '1', expires_at: at + 600_000 })
      .execute();
    const after = await storeSnapshot({ db }, at);
    expect(changedParts(before, after)).toEqual(['kv']);
    expect(describeChanges(before, after)).toContain('flow:x: absent →');
    await db.destroy();
  });
});
