import type { ChainableCommander, Redis } from 'ioredis';
import { assertTtl, type KvOp, type KvResults, type KvStore } from './kv-store.js';

const TAKE_IF_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

const DECR_IF_EXISTS_SCRIPT = `if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) else return 0 end`;

/**
 * Short-lived keys in Redis (REDIS_URL). Redis expires keys itself. The client belongs to the
 * caller (the redis plugin), so `close()` leaves it open.
 */
export class RedisKv implements KvStore {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(redis: Redis, opts: { prefix?: string } = {}) {
    this.#redis = redis;
    this.#prefix = opts.prefix ?? 'gh:kv:';
  }

  #k(key: string): string {
    return this.#prefix + key;
  }

  get(key: string): Promise<string | null> {
    return this.#redis.get(this.#k(key));
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    assertTtl(ttlMs);
    if (ttlMs === undefined) await this.#redis.set(this.#k(key), value);
    else await this.#redis.set(this.#k(key), value, 'PX', ttlMs);
  }

  async add(key: string, value: string, ttlMs?: number): Promise<boolean> {
    assertTtl(ttlMs);
    const ok =
      ttlMs === undefined
        ? await this.#redis.set(this.#k(key), value, 'NX')
        : await this.#redis.set(this.#k(key), value, 'PX', ttlMs, 'NX');
    return ok === 'OK';
  }

  async take(key: string): Promise<string | null> {
    // MULTI keeps GET and DEL together (works on Redis older than 6.2, which lacks GETDEL).
    const replies = await this.#redis.multi().get(this.#k(key)).del(this.#k(key)).exec();
    const [err, value] = replies?.[0] ?? [null, null];
    if (err) throw err;
    return typeof value === 'string' ? value : null;
  }

  async takeIf(key: string, value: string): Promise<boolean> {
    // Compare-and-delete must be one step: a Lua script runs atomically on the server.
    const deleted = await this.#redis.eval(TAKE_IF_SCRIPT, 1, this.#k(key), value);
    return Number(deleted) === 1;
  }

  async incr(key: string, ttlMs?: number): Promise<number> {
    assertTtl(ttlMs);
    const k = this.#k(key);
    if (ttlMs === undefined) return this.#redis.incr(k);
    // Create the counter with its expiry only if absent, then count: one fixed window.
    const replies = await this.#redis.multi().set(k, '0', 'PX', ttlMs, 'NX').incr(k).exec();
    const [err, count] = replies?.[1] ?? [new Error('redis transaction aborted'), null];
    if (err) throw err;
    return Number(count);
  }

  async decr(key: string): Promise<void> {
    // Only an existing counter: DECR on a missing key would create it without an expiry.
    await this.#redis.eval(DECR_IF_EXISTS_SCRIPT, 1, this.#k(key));
  }

  async del(key: string): Promise<void> {
    await this.#redis.del(this.#k(key));
  }

  async batch<const T extends readonly KvOp[]>(ops: T): Promise<KvResults<T>> {
    if (ops.length === 0) return [] as unknown as KvResults<T>;
    // One MULTI: the commands go out together and come back together (one round trip), and Redis
    // runs them one after another with nothing in between.
    const multi = this.#redis.multi();
    /** How many replies each operation takes, and how its answer is read from the last one. */
    const shapes: { replies: number; read: (reply: unknown) => unknown }[] = [];
    for (const op of ops) shapes.push(this.#queue(multi, op));
    const replies = await multi.exec();
    if (!replies) throw new Error('redis transaction aborted');
    const results: unknown[] = [];
    let at = 0;
    for (const shape of shapes) {
      at += shape.replies;
      const [err, reply] = replies[at - 1] ?? [new Error('redis reply missing'), null];
      if (err) throw err;
      results.push(shape.read(reply));
    }
    return results as KvResults<T>;
  }

  /** Queue `op` on `multi` as its own method sends it. */
  #queue(multi: ChainableCommander, op: KvOp): { replies: number; read: (reply: unknown) => unknown } {
    const k = this.#k(op.key);
    const none = () => null;
    switch (op.op) {
      case 'get':
        multi.get(k);
        return { replies: 1, read: (r) => (typeof r === 'string' ? r : null) };
      case 'set':
        assertTtl(op.ttlMs);
        if (op.ttlMs === undefined) multi.set(k, op.value);
        else multi.set(k, op.value, 'PX', op.ttlMs);
        return { replies: 1, read: none };
      case 'add':
        assertTtl(op.ttlMs);
        if (op.ttlMs === undefined) multi.set(k, op.value, 'NX');
        else multi.set(k, op.value, 'PX', op.ttlMs, 'NX');
        return { replies: 1, read: (r) => r === 'OK' };
      case 'incr':
        assertTtl(op.ttlMs);
        if (op.ttlMs === undefined) {
          multi.incr(k);
          return { replies: 1, read: Number };
        }
        multi.set(k, '0', 'PX', op.ttlMs, 'NX').incr(k);
        return { replies: 2, read: Number };
      case 'decr':
        multi.eval(DECR_IF_EXISTS_SCRIPT, 1, k);
        return { replies: 1, read: none };
      case 'del':
        multi.del(k);
        return { replies: 1, read: none };
    }
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
