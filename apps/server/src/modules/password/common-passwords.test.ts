import { describe, expect, it } from 'vitest';
import { checkPassword } from './check-password.js';
import { isCommonPassword, preloadCommonPasswords } from './common-passwords.js';

describe('common passwords', () => {
  it('holds far more than the top 10,000 (those of 8 characters or more)', async () => {
    expect(await preloadCommonPasswords()).toBeGreaterThan(10_000);
  });

  it('knows the usual suspects, whatever their case', async () => {
    for (const pw of [
      'password',
      'password1',
      'Password123',
      'QWERTYUIOP',
      'iloveyou',
      '12345678',
      'trustno1',
      'letmein1',
    ]) {
      expect(await isCommonPassword(pw), pw).toBe(true);
    }
  });

  it('lets uncommon passwords through', async () => {
    for (const pw of ['correct horse battery staple', 'Tr0ub4dor&3-xyz', 'gatehouse-is-open-2024!']) {
      expect(await isCommonPassword(pw), pw).toBe(false);
    }
  });
});

describe('checkPassword (the whole policy on the server)', () => {
  it('applies the length rules first, then the list', async () => {
    await expect(checkPassword('short')).resolves.toEqual({ ok: false, reason: 'too-short' });
    await expect(checkPassword('x'.repeat(129))).resolves.toEqual({ ok: false, reason: 'too-long' });
    await expect(checkPassword('Password1')).resolves.toEqual({ ok: false, reason: 'common' });
    await expect(checkPassword('a quiet lighthouse')).resolves.toEqual({ ok: true });
  });
});
