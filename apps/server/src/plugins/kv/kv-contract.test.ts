import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { connectDb, type Db } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { ON_CI, reachable } from '../../test-support/postgres.js';
import type { KvStore } from './kv-store.js';
import { MemoryKv } from './memory-kv.js';
import { RedisKv } from './redis-kv.js';
import { SqlKv } from './sql-kv.js';

/**
 * One behaviour, three stores. Memory and SQL get a controllable clock; Redis keeps real time,
 * so its expiry checks use short real TTLs.
 */
interface Harness {
  kv: KvStore;
  /** Move time forward by ms (a fake clock, or a real wait for Redis). */
  advance(ms: number): Promise<void>;
}

function sharedBehaviour(name: string, make: () => Promise<Harness>, skip: string | null) {
  describe.skipIf(skip !== null)(`KvStore: ${name}`, () => {
    let h: Harness;
    beforeEach(async () => {
      h = await make();
    });

    it('sets, gets and deletes', async () => {
      expect(await h.kv.get('a')).toBeNull();
      await h.kv.set('a', 'one');
      expect(await h.kv.get('a')).toBe('one');
      await h.kv.set('a', 'two');
      expect(await h.kv.get('a')).toBe('two');
      await h.kv.del('a');
      expect(await h.kv.get('a')).toBeNull();
      await h.kv.del('never-there');
    });

    it('expires a value after its ttl', async () => {
      await h.kv.set('t', 'v', 50);
      await h.kv.set('forever', 'v');
      expect(await h.kv.get('t')).toBe('v');
      await h.advance(80);
      expect(await h.kv.get('t')).toBeNull();
      expect(await h.kv.get('forever')).toBe('v');
    });

    it('adds only when absent or expired', async () => {
      expect(await h.kv.add('n', 'first', 50)).toBe(true);
      expect(await h.kv.add('n', 'second', 50)).toBe(false);
      expect(await h.kv.get('n')).toBe('first');
      await h.advance(80);
      expect(await h.kv.add('n', 'third')).toBe(true);
      expect(await h.kv.get('n')).toBe('third');
    });

    it('takes a value exactly once', async () => {
      await h.kv.set('code', '123456', 1000);
      const [a, b] = await Promise.all([h.kv.take('code'), h.kv.take('code')]);
      expect([a, b].filter((v) => v === '123456')).toHaveLength(1);
      expect(await h.kv.take('code')).toBeNull();
      await h.kv.set('old', 'x', 30);
      await h.advance(60);
      expect(await h.kv.take('old')).toBeNull();
    });

    it('takes a value only while it is still the one that was read', async () => {
      await h.kv.set('rec', 'v1', 1000);
      expect(await h.kv.takeIf('rec', 'other')).toBe(false);
      expect(await h.kv.get('rec')).toBe('v1');
      const results = await Promise.all(Array.from({ length: 6 }, () => h.kv.takeIf('rec', 'v1')));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await h.kv.get('rec')).toBeNull();
      expect(await h.kv.takeIf('missing', 'v1')).toBe(false);
      await h.kv.set('stale', 'v', 30);
      await h.advance(60);
      expect(await h.kv.takeIf('stale', 'v')).toBe(false);
    });

    it('takes a count back from a live counter only', async () => {
      await h.kv.incr('r', 1000);
      await h.kv.incr('r', 1000);
      await Promise.all([h.kv.decr('r'), h.kv.incr('r', 1000)]);
      expect(await h.kv.get('r')).toBe('2');
      await h.kv.decr('never');
      expect(await h.kv.get('never')).toBeNull();
      await h.kv.incr('gone', 30);
      await h.advance(60);
      await h.kv.decr('gone');
      expect(await h.kv.get('gone')).toBeNull();
    });

    it('counts in a fixed window and restarts after it', async () => {
      expect(await h.kv.incr('c', 100)).toBe(1);
      const counts = await Promise.all(Array.from({ length: 5 }, () => h.kv.incr('c', 100)));
      expect([...counts].sort()).toEqual([2, 3, 4, 5, 6]);
      expect(await h.kv.get('c')).toBe('6');
      await h.advance(150);
      expect(await h.kv.get('c')).toBeNull();
      expect(await h.kv.incr('c', 100)).toBe(1);
      expect(await h.kv.incr('no-ttl')).toBe(1);
      expect(await h.kv.incr('no-ttl')).toBe(2);
    });

    it('runs a batch in order, answering each operation as its own method does', async () => {
      await h.kv.set('b:lock', 'locked');
      await h.kv.incr('b:gone', 1000);
      const results = await h.kv.batch([
        { op: 'incr', key: 'b:n', ttlMs: 100 },
        { op: 'incr', key: 'b:n', ttlMs: 100 },
        { op: 'get', key: 'b:lock' },
        { op: 'get', key: 'b:missing' },
        { op: 'add', key: 'b:lock', value: 'other', ttlMs: 100 },
        { op: 'add', key: 'b:new', value: 'v', ttlMs: 100 },
        { op: 'set', key: 'b:set', value: 's' },
        { op: 'decr', key: 'b:gone' },
        { op: 'decr', key: 'b:never' },
        { op: 'del', key: 'b:lock' },
        { op: 'get', key: 'b:lock' },
      ]);
      expect(results).toEqual([1, 2, 'locked', null, false, true, null, null, null, null, null]);
      expect(await h.kv.get('b:gone')).toBe('0');
      expect(await h.kv.get('b:never')).toBeNull();
      expect(await h.kv.get('b:set')).toBe('s');
      expect(await h.kv.batch([])).toEqual([]);
      // A counter made in a batch keeps the batch's window, like incr's.
      await h.advance(150);
      expect(
        await h.kv.batch([
          { op: 'get', key: 'b:n' },
          { op: 'get', key: 'b:new' },
        ]),
      ).toEqual([null, null]);
    });

    it('counts exactly in parallel batches', async () => {
      const counts = await Promise.all(
        Array.from({ length: 6 }, () =>
          h.kv.batch([
            { op: 'incr', key: 'pb:n', ttlMs: 1000 },
            { op: 'incr', key: 'pb:m', ttlMs: 1000 },
          ]),
        ),
      );
      expect(counts.map(([n]) => n).sort()).toEqual([1, 2, 3, 4, 5, 6]);
      expect(counts.map(([, m]) => m).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    });

    it('rejects a ttl that is not a positive integer', async () => {
      await expect(h.kv.set('x', 'y', 0)).rejects.toThrow(RangeError);
      await expect(h.kv.incr('x', 1.5)).rejects.toThrow(RangeError);
      await expect(h.kv.batch([{ op: 'incr', key: 'x', ttlMs: -1 }])).rejects.toThrow(RangeError);
    });
  });
}

function fakeClock() {
  let now = 1_700_000_000_000;
  return { now: () => now, advance: (ms: number) => Promise.resolve(void (now += ms)) };
}

sharedBehaviour(
  'memory',
  async () => {
    const clock = fakeClock();
    return { kv: new MemoryKv({ now: clock.now }), advance: clock.advance };
  },
  null,
);

const sqliteDbs: Db[] = [];
sharedBehaviour(
  'SQL on SQLite',
  async () => {
    const db = connectDb({ kind: 'sqlite', file: ':memory:' });
    sqliteDbs.push(db);
    await migrateToLatest(db);
    const clock = fakeClock();
    return { kv: new SqlKv(db, { now: clock.now, sweepEveryMs: false }), advance: clock.advance };
  },
  null,
);

describe('SqlKv sweep', () => {
  it('deletes expired rows and keeps live ones', async () => {
    const db = connectDb({ kind: 'sqlite', file: ':memory:' });
    sqliteDbs.push(db);
    await migrateToLatest(db);
    const clock = fakeClock();
    const kv = new SqlKv(db, { now: clock.now, sweepEveryMs: false });
    await kv.set('a', '1', 10);
    await kv.set('b', '1', 1000);
    await kv.set('c', '1');
    await clock.advance(20);
    expect(await kv.sweep()).toBe(1);
    const keys = await db.selectFrom('kv_entries').select('key').orderBy('key').execute();
    expect(keys.map((k) => k.key)).toEqual(['b', 'c']);
  });
});

const redisUp = await reachable('127.0.0.1', 6379);
if (!redisUp && ON_CI)
  throw new Error('[kv-contract.test] Redis is required on CI: nothing answers at 127.0.0.1:6379');
if (!redisUp) console.warn('[kv-contract.test] skipping Redis tests: nothing answers at 127.0.0.1:6379');
const redisClients: Redis[] = [];
sharedBehaviour(
  'Redis',
  async () => {
    const redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    redisClients.push(redis);
    // A unique prefix per test keeps runs apart; keys expire on their own or are deleted below.
    const prefix = `gh:test:${randomBytes(4).toString('hex')}:`;
    return {
      kv: new RedisKv(redis, { prefix }),
      advance: (ms: number) => new Promise((r) => setTimeout(r, ms)),
    };
  },
  redisUp ? null : 'unreachable',
);

afterAll(async () => {
  for (const db of sqliteDbs) await db.destroy();
  for (const redis of redisClients) {
    const keys = await redis.keys('gh:test:*');
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  }
});
