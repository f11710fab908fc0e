import { describe, expect, it } from 'vitest';
import { MemoryKv } from './kv/memory-kv.js';
import { kvCounter, memoryCounter, storeClass, WindowStore } from './rate-limit-store.js';

function incr(store: WindowStore, key: string, timeWindow = 60_000) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) => {
    store.incr(
      key,
      (err, res) => (err || !res ? reject(err ?? new Error('no result')) : resolve(res)),
      timeWindow,
    );
  });
}

describe('WindowStore', () => {
  it('counts in windows aligned to the clock and reports the time left in the window', async () => {
    let now = 120_000 + 15_000;
    const store = new WindowStore(kvCounter(new MemoryKv({ now: () => now })), { now: () => now });
    expect(await incr(store, '10.0.0.1')).toEqual({ current: 1, ttl: 45_000 });
    now += 40_000;
    expect(await incr(store, '10.0.0.1')).toEqual({ current: 2, ttl: 5_000 });
    expect(await incr(store, '10.0.0.2')).toEqual({ current: 1, ttl: 5_000 });
    now += 5_000; // the next minute
    expect(await incr(store, '10.0.0.1')).toEqual({ current: 1, ttl: 60_000 });
  });

  it('gives each route its own counters in the route store, apart from the baseline', async () => {
    const baseKv = new MemoryKv();
    const routeKv = new MemoryKv();
    const Store = storeClass(kvCounter(baseKv), kvCounter(routeKv));
    // @fastify/rate-limit builds the store with its options, and children with the route under routeInfo.
    const base = new Store({}) as WindowStore;
    const login = base.child({ routeInfo: { method: 'POST', url: '/x-api/login' } } as never) as WindowStore;
    const send = base.child({ routeInfo: { method: 'POST', url: '/x-api/send' } } as never) as WindowStore;
    await incr(base, 'ip');
    await incr(login, 'ip');
    await incr(login, 'ip');
    expect((await incr(send, 'ip')).current).toBe(1);
    expect((await incr(login, 'ip')).current).toBe(3);
    expect((await incr(base, 'ip')).current).toBe(2);
    const slot = Math.floor(Date.now() / 60_000);
    expect(await routeKv.get(`rl:POST /x-api/login:ip:${slot}`)).toBe('3');
    expect(await baseKv.get(`rl:base:ip:${slot}`)).toBe('2');
  });

  it('passes a store failure on instead of letting the call through silently', async () => {
    const store = new WindowStore(() => Promise.reject(new Error('store down')));
    await expect(incr(store, 'ip')).rejects.toThrow('store down');
  });
});

describe('memoryCounter', () => {
  it('restarts an expired counter and forgets the oldest past its size', async () => {
    let now = 0;
    const count = memoryCounter(2, () => now);
    expect(await count('a', 1000)).toBe(1);
    expect(await count('a', 1000)).toBe(2);
    expect(await count('b', 1000)).toBe(1);
    expect(await count('c', 1000)).toBe(1); // full: `a`, the oldest, is forgotten
    expect(await count('b', 1000)).toBe(2);
    expect(await count('a', 1000)).toBe(1); // and now `b` is
    now = 999;
    expect(await count('c', 1000)).toBe(2);
    now = 1000; // `c`'s window is over
    expect(await count('c', 1000)).toBe(1);
  });

  it('counts parallel calls exactly', async () => {
    const count = memoryCounter();
    const results = await Promise.all(Array.from({ length: 50 }, () => count('k', 60_000)));
    expect(new Set(results).size).toBe(50);
    expect(Math.max(...results)).toBe(50);
  });
});
