import type { CacheStore } from './cache-store';
import { MemoryCache } from './memory-cache';
import type { PersistentCache } from './persistent-cache';

export type CacheType = 'memory' | 'persistent';

const memory = new MemoryCache();
let persistent: Promise<PersistentCache> | undefined;

/**
 * The store for a cache type. The local-storage store is loaded on first use only: most pages never
 * ask for it, and the login page's bundle is counted in bytes.
 */
export function cacheStore(type: CacheType = 'memory'): Promise<CacheStore> {
  if (type === 'memory') return Promise.resolve(memory);
  persistent ??= import('./persistent-cache').then(({ PersistentCache }) => new PersistentCache());
  return persistent;
}

/** One key per method, URL (with its query) and body, so different payloads never share an answer. */
export function cacheKey(method: string, url: string, body: string | undefined): string {
  return body === undefined ? `${method} ${url}` : `${method} ${url} ${body}`;
}

/** Empties both caches, e.g. on logout so the next user never sees the previous one's answers. */
export async function clearResponseCache(): Promise<void> {
  memory.clear();
  (await cacheStore('persistent')).clear();
}
