import { afterAll, describe, expect, it } from 'vitest';
import { kvStoresUnderTest } from '../test-support/kv-stores.js';
import { createAttemptLimiter, type AttemptLimitPolicy } from './attempt-limiter.js';

const stores = await kvStoresUnderTest();
afterAll(async () => {
  for (const store of stores) await store.closeAll();
});

const POLICY: AttemptLimitPolicy = { limit: 6, windowMs: 60_000, lockMs: 60_000, onSuccess: 'reset' };

for (const store of stores) {
  describe.skipIf(store.skip !== null)(`attempt limiter on ${store.name}`, () => {
    it('numbers failures, locks on the limit-th, and refuses without checking while locked', async () => {
      const { a } = await store.open();
      const limiter = createAttemptLimiter(a, 'l1', POLICY);
      const now = Date.now();
      for (let n = 1; n <= 5; n++) {
        const gate = await limiter.begin('k', now);
        if (!gate.allowed) throw new Error('refused too early');
        expect(await gate.attempt.failed()).toEqual({ number: n, lockedUntil: null });
      }
      const sixth = await limiter.begin('k', now);
      if (!sixth.allowed) throw new Error('refused too early');
      expect(await sixth.attempt.failed()).toEqual({ number: 6, lockedUntil: now + POLICY.lockMs });
      expect(await limiter.begin('k', now)).toEqual({
        allowed: false,
        lockedUntil: now + POLICY.lockMs,
        also: [],
      });
      // After the lock, counting starts again at 1.
      const later = await limiter.begin('k', now + POLICY.lockMs);
      expect(later.allowed && later.attempt.number).toBe(1);
    });

    it('resets on success, or only refunds the attempt', async () => {
      const { a } = await store.open();
      const reset = createAttemptLimiter(a, 'l2', POLICY);
      const refund = createAttemptLimiter(a, 'l3', { ...POLICY, onSuccess: 'refund' });
      const now = Date.now();
      for (const limiter of [reset, refund]) {
        for (let n = 0; n < 3; n++) {
          const gate = await limiter.begin('k', now);
          if (gate.allowed) await gate.attempt.failed();
        }
        const ok = await limiter.begin('k', now);
        if (ok.allowed) await ok.attempt.succeeded();
      }
      expect(await reset.count('k')).toBe(0);
      expect(await refund.count('k')).toBe(3);
    });

    it('runs other operations with the count, and hands out what a success writes', async () => {
      const { a } = await store.open();
      const reset = createAttemptLimiter(a, 'l5', POLICY);
      const refund = createAttemptLimiter(a, 'l6', { ...POLICY, onSuccess: 'refund' });
      await a.set('other', 'x');
      const now = Date.now();
      const gate = await reset.begin('k', now, [
        { op: 'get', key: 'other' },
        { op: 'get', key: 'missing' },
        { op: 'add', key: 'claim', value: '1', ttlMs: 60_000 },
      ]);
      expect(gate.also).toEqual(['x', null, true]);
      expect((await reset.begin('k2', now, [{ op: 'add', key: 'claim', value: '1' }])).also).toEqual([false]);
      const refunded = await refund.begin('k', now);
      if (!gate.allowed || !refunded.allowed) throw new Error('refused');
      // Written by the caller (with its own rows), the success counts as succeeded() would.
      await a.batch([...gate.attempt.successWrites(), ...refunded.attempt.successWrites()]);
      expect(await reset.count('k')).toBe(0);
      expect(await refund.count('k')).toBe(0);
    });

    it('lets at most `limit` checks run when attempts arrive at once on two instances', async () => {
      const { a, b } = await store.open();
      const limiters = [createAttemptLimiter(a, 'l4', POLICY), createAttemptLimiter(b, 'l4', POLICY)];
      const now = Date.now();
      let checks = 0;
      await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          const gate = await limiters[i % 2]!.begin('k', now);
          if (!gate.allowed) return;
          checks++;
          await gate.attempt.failed();
        }),
      );
      // Fewer when the limit-th failure locks while others are still counting; never more.
      expect(checks).toBeGreaterThan(0);
      expect(checks).toBeLessThanOrEqual(POLICY.limit);
      expect(await limiters[0]!.lockedUntil('k', now)).toBe(now + POLICY.lockMs);
    });
  });
}
