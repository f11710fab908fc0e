import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { KvStore } from './kv/kv-store.js';

/** Add one to a counter that expires after `ttlMs` and return the new count (atomic). */
export type WindowCounter = (key: string, ttlMs: number) => Promise<number>;

type Done = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Counts in the key-value store: Redis, or the database's `kv_entries` table (one atomic upsert). */
export function kvCounter(kv: KvStore): WindowCounter {
  return (key, ttlMs) => kv.incr(key, ttlMs);
}

/**
 * Counts in this process only: the embedded baseline, where a database write per API call would
 * cost more than the limit is worth. At most `maxKeys` live counters; past that the oldest is
 * forgotten (as @fastify/rate-limit's own in-memory store does).
 */
export function memoryCounter(maxKeys = 100_000, now: () => number = Date.now): WindowCounter {
  const counters = new Map<string, { count: number; until: number }>();
  return async (key, ttlMs) => {
    const t = now();
    let entry = counters.get(key);
    if (!entry || entry.until <= t) {
      counters.delete(key);
      if (counters.size >= maxKeys) {
        for (const [k, v] of counters) if (v.until <= t) counters.delete(k);
        const oldest = counters.keys().next();
        if (counters.size >= maxKeys && !oldest.done) counters.delete(oldest.value);
      }
      entry = { count: 0, until: t + ttlMs };
      counters.set(key, entry);
    }
    entry.count += 1;
    return entry.count;
  };
}

/**
 * What @fastify/rate-limit really hands `child()`: the merged route limit with the route it is for
 * under `routeInfo` (its types say the route options themselves).
 */
interface ChildOptions {
  routeInfo?: { method?: unknown; url?: unknown };
}

/**
 * A @fastify/rate-limit store over a WindowCounter, in fixed windows aligned to the clock (the
 * house style of the other throttles: `floor(now / window)` in the key), so every instance sharing
 * the counter agrees on the window and its reset time without reading it back. `child()` (a
 * route's own limit) counts with `routeCounter`, keyed by the route's method and registered path.
 */
export class WindowStore implements FastifyRateLimitStore {
  readonly #counter: WindowCounter;
  readonly #prefix: string;
  readonly #routeCounter: WindowCounter;
  readonly #now: () => number;

  constructor(
    counter: WindowCounter,
    opts: { prefix?: string; routeCounter?: WindowCounter; now?: () => number } = {},
  ) {
    this.#counter = counter;
    this.#prefix = opts.prefix ?? 'rl:base:';
    this.#routeCounter = opts.routeCounter ?? counter;
    this.#now = opts.now ?? Date.now;
  }

  incr(key: string, done: Done, timeWindow: number): void {
    const now = this.#now();
    const window = Math.max(1, Math.trunc(timeWindow));
    const slot = Math.floor(now / window);
    const ttl = (slot + 1) * window - now;
    this.#counter(`${this.#prefix}${key}:${slot}`, ttl).then(
      (current) => done(null, { current, ttl }),
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
    );
  }

  child(options: object): WindowStore {
    const { method, url } = (options as ChildOptions).routeInfo ?? {};
    return new WindowStore(this.#routeCounter, {
      prefix: `rl:${String(method)} ${String(url)}:`,
      now: this.#now,
    });
  }
}

/**
 * The store class @fastify/rate-limit instantiates: the baseline counts with `baseline`, every
 * route's own limit with `routes` (the shared store, so all instances count together).
 */
export function storeClass(baseline: WindowCounter, routes: WindowCounter): FastifyRateLimitStoreCtor {
  return class extends WindowStore {
    constructor() {
      super(baseline, { routeCounter: routes });
    }
  };
}
