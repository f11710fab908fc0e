import type { CacheEntry, CacheStore } from './cache-store';

/** Spec §9 "client cache version 2.0.0": a new version starts from an empty cache. */
export const CLIENT_CACHE_VERSION = '2.0.0';
export const PERSISTENT_CACHE_PREFIX = 'gh-api-cache@';
export const PERSISTENT_CACHE_KEY = PERSISTENT_CACHE_PREFIX + CLIENT_CACHE_VERSION;
/** Spec §9: about 4.7 MB, kept well inside the browsers' 5 MB local-storage quota. */
export const PERSISTENT_CACHE_MAX_BYTES = 4_718_592;

const utf8 = new TextEncoder();

function storage(): Storage | undefined {
  // Local storage can be missing (server, tests) or throw on access (privacy modes).
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * All answers live in one local-storage item, `{ key: {expireAt, data} }`, in write order, so the oldest
 * entries come first and are the first evicted when the item would exceed the cap. The item is read on
 * every access so that tabs of the same site share it.
 */
export class PersistentCache implements CacheStore {
  private checkedVersions = false;

  constructor(
    private readonly storageKey = PERSISTENT_CACHE_KEY,
    private readonly maxBytes = PERSISTENT_CACHE_MAX_BYTES,
  ) {}

  get(key: string): unknown {
    const entry = this.read()[key];
    return entry && entry.expireAt > Date.now() ? entry.data : undefined;
  }

  set(key: string, data: unknown, ttlMs: number): void {
    const entries = this.read();
    delete entries[key];
    entries[key] = { expireAt: Date.now() + ttlMs, data };
    this.write(entries);
  }

  delete(key: string): void {
    const entries = this.read();
    if (!(key in entries)) return;
    delete entries[key];
    this.write(entries);
  }

  clear(): void {
    storage()?.removeItem(this.storageKey);
  }

  private read(): Record<string, CacheEntry> {
    const store = storage();
    if (!store) return {};
    this.dropOtherVersions(store);
    try {
      const parsed = JSON.parse(store.getItem(this.storageKey) ?? '{}') as unknown;
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, CacheEntry>) : {};
    } catch {
      return {};
    }
  }

  private write(entries: Record<string, CacheEntry>): void {
    const store = storage();
    if (!store) return;
    const now = Date.now();
    // Serialise entry by entry so the size of the whole item is known exactly before it is written.
    const parts: string[] = [];
    let bytes = 2; // the braces
    for (const [key, entry] of Object.entries(entries)) {
      if (entry.expireAt <= now) continue;
      const part = `${JSON.stringify(key)}:${JSON.stringify(entry)}`;
      parts.push(part);
      bytes += utf8.encode(part).length + (parts.length > 1 ? 1 : 0);
    }
    while (bytes > this.maxBytes && parts.length > 0) {
      const oldest = parts.shift() ?? '';
      bytes -= utf8.encode(oldest).length + (parts.length > 0 ? 1 : 0);
    }
    try {
      if (parts.length === 0) store.removeItem(this.storageKey);
      else store.setItem(this.storageKey, `{${parts.join(',')}}`);
    } catch {
      // Quota or privacy mode: the cache is an optimisation, so a failed write only costs a refetch.
    }
  }

  /** Entries written by another client cache version would never be read again: free their space once. */
  private dropOtherVersions(store: Storage): void {
    if (this.checkedVersions) return;
    this.checkedVersions = true;
    for (let i = store.length - 1; i >= 0; i--) {
      const key = store.key(i);
      if (key?.startsWith(PERSISTENT_CACHE_PREFIX) && key !== this.storageKey) store.removeItem(key);
    }
  }
}
