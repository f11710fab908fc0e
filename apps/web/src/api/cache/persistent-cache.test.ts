// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CLIENT_CACHE_VERSION,
  PERSISTENT_CACHE_KEY,
  PERSISTENT_CACHE_MAX_BYTES,
  PersistentCache,
} from './persistent-cache';

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

const storedBytes = () => new TextEncoder().encode(localStorage.getItem(PERSISTENT_CACHE_KEY) ?? '').length;

describe('PersistentCache', () => {
  it('stores {expireAt, data} entries under a key carrying the client cache version 2.0.0', () => {
    expect(CLIENT_CACHE_VERSION).toBe('2.0.0');
    const cache = new PersistentCache();
    cache.set('GET /a', { x: 1 }, 60_000);
    const item = JSON.parse(localStorage.getItem(PERSISTENT_CACHE_KEY) ?? 'null') as Record<string, unknown>;
    expect(item['GET /a']).toEqual({ expireAt: expect.any(Number), data: { x: 1 } });
    expect(new PersistentCache().get('GET /a')).toEqual({ x: 1 });
  });

  it('never exceeds 4718592 bytes: the oldest entries are evicted to make room', () => {
    expect(PERSISTENT_CACHE_MAX_BYTES).toBe(4_718_592);
    const cache = new PersistentCache();
    const chunk = 'x'.repeat(1_000_000);
    for (let i = 1; i <= 5; i++) cache.set(`k${i}`, chunk, 60_000);
    expect(storedBytes()).toBeLessThanOrEqual(PERSISTENT_CACHE_MAX_BYTES);
    expect(cache.get('k1')).toBeUndefined();
    for (let i = 2; i <= 5; i++) expect(cache.get(`k${i}`)).toBe(chunk);
    // Multi-byte text counts in bytes, not characters.
    cache.set('k6', 'é'.repeat(1_000_000), 60_000);
    expect(storedBytes()).toBeLessThanOrEqual(PERSISTENT_CACHE_MAX_BYTES);
    expect(cache.get('k6')).toHaveLength(1_000_000);
    expect(cache.get('k2')).toBeUndefined();
    expect(cache.get('k3')).toBeUndefined();
  });

  it('skips an entry larger than the cap instead of failing', () => {
    const cache = new PersistentCache(PERSISTENT_CACHE_KEY, 100);
    cache.set('small', 1, 60_000);
    cache.set('huge', 'y'.repeat(200), 60_000);
    expect(cache.get('huge')).toBeUndefined();
    expect(storedBytes()).toBeLessThanOrEqual(100);
  });

  it('forgets entries after their ttl', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new PersistentCache();
    cache.set('k', 'v', 60_000);
    vi.setSystemTime(Date.now() + 60_001);
    expect(cache.get('k')).toBeUndefined();
  });

  it('removes entries written by other cache versions', () => {
    localStorage.setItem('gh-api-cache@1.0.0', '{"old":{"expireAt":99999999999999,"data":1}}');
    localStorage.setItem('unrelated', 'keep');
    new PersistentCache().get('anything');
    expect(localStorage.getItem('gh-api-cache@1.0.0')).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('keep');
  });
});
