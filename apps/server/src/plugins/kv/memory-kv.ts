import { assertTtl, batchOneByOne, type Clock, type KvOp, type KvResults, type KvStore } from './kv-store.js';

interface Entry {
  value: string;
  expiresAt: number | null;
}

/** In-process store for unit tests and single-process tools; not shared between instances. */
export class MemoryKv implements KvStore {
  readonly #entries = new Map<string, Entry>();
  readonly #now: Clock;

  constructor(opts: { now?: Clock } = {}) {
    // Late-bound, so a test that fakes Date moves this clock too.
    this.#now = opts.now ?? (() => Date.now());
  }

  #live(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt !== null && entry.expiresAt <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #expiry(ttlMs: number | undefined): number | null {
    assertTtl(ttlMs);
    return ttlMs === undefined ? null : this.#now() + ttlMs;
  }

  async get(key: string): Promise<string | null> {
    return this.#live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    this.#entries.set(key, { value, expiresAt: this.#expiry(ttlMs) });
  }

  async add(key: string, value: string, ttlMs?: number): Promise<boolean> {
    if (this.#live(key)) return false;
    this.#entries.set(key, { value, expiresAt: this.#expiry(ttlMs) });
    return true;
  }

  async take(key: string): Promise<string | null> {
    const entry = this.#live(key);
    this.#entries.delete(key);
    return entry?.value ?? null;
  }

  async takeIf(key: string, value: string): Promise<boolean> {
    if (this.#live(key)?.value !== value) return false;
    this.#entries.delete(key);
    return true;
  }

  async incr(key: string, ttlMs?: number): Promise<number> {
    const entry = this.#live(key);
    if (!entry) {
      this.#entries.set(key, { value: '1', expiresAt: this.#expiry(ttlMs) });
      return 1;
    }
    const next = Number(entry.value) + 1;
    if (!Number.isSafeInteger(next)) throw new TypeError('kv key is not a counter');
    entry.value = String(next);
    return next;
  }

  async decr(key: string): Promise<void> {
    const entry = this.#live(key);
    if (entry) entry.value = String(Number(entry.value) - 1);
  }

  async del(key: string): Promise<void> {
    this.#entries.delete(key);
  }

  async batch<const T extends readonly KvOp[]>(ops: T): Promise<KvResults<T>> {
    // In process there is no round trip to save.
    return (await batchOneByOne(this, ops)) as KvResults<T>;
  }

  async close(): Promise<void> {
    this.#entries.clear();
  }
}
