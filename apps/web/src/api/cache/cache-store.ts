/** Response cache entry as kept in memory and in local storage (spec §3 "Cache entry in local storage"). */
export interface CacheEntry {
  expireAt: number;
  data: unknown;
}

export interface CacheStore {
  /** The cached data, or undefined when absent or expired. */
  get(key: string): unknown;
  set(key: string, data: unknown, ttlMs: number): void;
  delete(key: string): void;
  clear(): void;
}
