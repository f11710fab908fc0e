import { afterAll, describe, expect, it } from 'vitest';
import { kvStoresUnderTest } from '../test-support/kv-stores.js';
import { createOneTimeCodes, type CodeVerdict } from './one-time-codes.js';

const stores = await kvStoresUnderTest();
afterAll(async () => {
  for (const store of stores) await store.closeAll();
});

const POLICY = { ttlMs: 60_000, maxAttempts: 5 };
const wrongCodes = (right: string, n: number) =>
  Array.from({ length: n }, (_, i) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'));
const compared = (verdicts: CodeVerdict<unknown>[]) => verdicts.filter((v) => v.ok || v.reason === 'wrong');

for (const store of stores) {
  describe.skipIf(store.skip !== null)(`one-time codes on ${store.name}`, () => {
    it('accepts the right code once and refuses it afterwards', async () => {
      const { a } = await store.open();
      const codes = createOneTimeCodes<{ user: string }>(a, 't1', POLICY);
      const now = Date.now();
      const { code } = await codes.issue('id1', { user: 'u1' }, now);
      expect(await codes.verify('id1', code, now)).toEqual({ ok: true, payload: { user: 'u1' } });
      expect(await codes.verify('id1', code, now)).toEqual({ ok: false, reason: 'gone' });
    });

    it('counts wrong answers down and burns the code after the last', async () => {
      const { a } = await store.open();
      const codes = createOneTimeCodes(a, 't2', POLICY);
      const now = Date.now();
      const { code } = await codes.issue('id', {}, now);
      for (let left = 4; left >= 0; left--) {
        expect(await codes.verify('id', wrongCodes(code, 1)[0] ?? '', now)).toEqual({
          ok: false,
          reason: 'wrong',
          remainingAttempts: left,
        });
      }
      expect(await codes.verify('id', code, now)).toEqual({ ok: false, reason: 'gone' });
    });

    it('refuses an expired code and starts attempts afresh on a new issue', async () => {
      const { a } = await store.open();
      const codes = createOneTimeCodes(a, 't3', POLICY);
      const now = Date.now();
      const first = await codes.issue('id', {}, now);
      expect(await codes.verify('id', first.code, now + POLICY.ttlMs)).toEqual({ ok: false, reason: 'gone' });
      for (let n = 0; n < 5; n++) await codes.verify('id', wrongCodes(first.code, 1)[0] ?? '', now);
      const second = await codes.issue('id', {}, now);
      expect(await codes.verify('id', first.code, now)).toMatchObject({ ok: false, reason: 'wrong' });
      expect(await codes.verify('id', second.code, now)).toMatchObject({ ok: true });
    });

    it('compares at most maxAttempts guesses however many arrive at once, on two instances', async () => {
      const { a, b } = await store.open();
      const onA = createOneTimeCodes(a, 't4', POLICY);
      const onB = createOneTimeCodes(b, 't4', POLICY);
      for (let round = 0; round < 5; round++) {
        const now = Date.now();
        const id = `race${round}`;
        const { code } = await onA.issue(id, {}, now);
        // 40 wrong guesses and the right code, all at once, split across both instances: the right
        // code may win only while it is among the first five compared.
        const guesses = [...wrongCodes(code, 40), code];
        const verdicts = await Promise.all(
          guesses.map((g, i) => (i % 2 === 0 ? onA : onB).verify(id, g, now)),
        );
        expect(compared(verdicts).length).toBeLessThanOrEqual(POLICY.maxAttempts);
        expect(verdicts.filter((v) => v.ok).length).toBeLessThanOrEqual(1);
      }
    });

    it('gives one success when the right code races itself', async () => {
      const { a, b } = await store.open();
      const onA = createOneTimeCodes(a, 't5', POLICY);
      const onB = createOneTimeCodes(b, 't5', POLICY);
      const now = Date.now();
      const { code } = await onA.issue('id', {}, now);
      const verdicts = await Promise.all([onA, onB, onA, onB].map((c) => c.verify('id', code, now)));
      expect(verdicts.filter((v) => v.ok)).toHaveLength(1);
    });
  });
}
