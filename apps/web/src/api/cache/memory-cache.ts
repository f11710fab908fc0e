import { RESPONSE_CACHE_MAX_ENTRIES } from '@gatehouse/contract';
import type { CacheEntry, CacheStore } from './cache-store';

/** Least-recently-used cache: a Map keeps insertion order, so re-inserting on read marks an entry as fresh. */
export class MemoryCache implements CacheStore {
  private readonly entries = new Map<string, CacheEntry>();

  constructor(private readonly maxEntries = RESPONSE_CACHE_MAX_ENTRIES) {}

  get(key: string): unknown {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expireAt <= Date.now()) return undefined;
    this.entries.set(key, entry);
    return entry.data;
  }

  set(key: string, data: unknown, ttlMs: number): void {
    this.entries.delete(key);
    this.entries.set(key, { expireAt: Date.now() + ttlMs, data });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
