import { describe, expect, it } from 'vitest';
import { ARGON2_MINIMUM, createPasswordHasher, effectiveParams } from './password-hasher.js';

describe('password hasher', () => {
  const hasher = createPasswordHasher();

  it('stores argon2id with at least the OWASP minimum and a fresh salt', async () => {
    const a = await hasher.hash('correct horse battery');
    const b = await hasher.hash('correct horse battery');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct horse');
  });

  it('verifies the right password only', async () => {
    const stored = await hasher.hash('пароль-😀-secret');
    await expect(hasher.verify(stored, 'пароль-😀-secret')).resolves.toBe(true);
    await expect(hasher.verify(stored, 'пароль-😀-Secret')).resolves.toBe(false);
    await expect(hasher.verify(stored, '')).resolves.toBe(false);
  });

  it('answers false, never throws, for a malformed hash', async () => {
    await expect(hasher.verify('not a hash', 'whatever')).resolves.toBe(false);
    await expect(hasher.verify('', 'whatever')).resolves.toBe(false);
  });

  it('never raises parameters below the OWASP minimum, only above', () => {
    expect(effectiveParams({ memoryKib: 1024, timeCost: 1, parallelism: 0 })).toEqual(ARGON2_MINIMUM);
    expect(effectiveParams({ memoryKib: 65536, timeCost: 3, parallelism: 2 })).toEqual({
      memoryKib: 65536,
      timeCost: 3,
      parallelism: 2,
    });
  });

  it('asks for a re-hash when the parameters changed or the hash is not argon2id', async () => {
    const stored = await hasher.hash('some password');
    expect(hasher.needsRehash(stored)).toBe(false);
    const stronger = createPasswordHasher({ memoryKib: 32768 });
    expect(stronger.needsRehash(stored)).toBe(true);
    await expect(stronger.verify(stored, 'some password')).resolves.toBe(true);
    expect(hasher.needsRehash('$argon2i$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$aGFzaA')).toBe(true);
    expect(hasher.needsRehash('$2b$10$abcdefghijklmnopqrstuv')).toBe(true);
  });

  it('verifies against a dummy hash for unknown accounts, at the cost of a real verification', async () => {
    const stored = await hasher.hash('the real one');
    await expect(hasher.verifyDummy('the real one')).resolves.toBe(false);
    // Timing: the dummy path runs a full argon2 verification. Real and dummy run in pairs, back to back,
    // so a busy machine slows both sides of a pair alike; the median of the pairs' ratios is compared.
    const elapsed = async (fn: () => Promise<unknown>) => {
      const t = performance.now();
      await fn();
      return performance.now() - t;
    };
    const ratios: number[] = [];
    for (let i = 0; i < 7; i++) {
      const real = await elapsed(() => hasher.verify(stored, 'wrong password'));
      const dummy = await elapsed(() => hasher.verifyDummy('wrong password'));
      ratios.push(dummy / real);
    }
    const median = ratios.sort((x, y) => x - y)[3] ?? 0;
    expect(median).toBeGreaterThan(0.3);
    expect(median).toBeLessThan(3.5);
  });
});
