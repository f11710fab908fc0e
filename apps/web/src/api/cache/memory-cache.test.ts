import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryCache } from './memory-cache';

afterEach(() => vi.useRealTimers());

describe('MemoryCache', () => {
  it('holds at most 20 entries: the 21st evicts the least recently used', () => {
    const cache = new MemoryCache();
    for (let i = 1; i <= 20; i++) cache.set(`k${i}`, i, 60_000);
    expect(cache.get('k1')).toBe(1); // k1 is now the freshest, k2 the stalest
    cache.set('k21', 21, 60_000);
    expect(cache.size).toBe(20);
    expect(cache.get('k2')).toBeUndefined();
    expect(cache.get('k1')).toBe(1);
    expect(cache.get('k21')).toBe(21);
  });

  it('forgets an entry once its ttl has passed', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new MemoryCache();
    cache.set('k', 'v', 1_000);
    vi.setSystemTime(Date.now() + 999);
    expect(cache.get('k')).toBe('v');
    vi.setSystemTime(Date.now() + 2);
    expect(cache.get('k')).toBeUndefined();
  });

  it('deletes and clears', () => {
    const cache = new MemoryCache();
    cache.set('a', 1, 1_000);
    cache.set('b', 2, 1_000);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
