import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashBackupCode, newBackupCodes, normaliseBackupCode } from './backup-codes.js';
import { open, seal } from './secret-box.js';
import { deriveTwoFactorKeys } from './two-factor-key.js';

const keys = deriveTwoFactorKeys('m'.repeat(64));

describe('sealed authenticator secrets', () => {
  it('open with the key and the account they were sealed for, and with nothing else', () => {
    const box = seal(keys.secretKey, 'JBSWY3DPEHPK3PXP', '1000000001');
    expect(box).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(box).not.toContain('JBSWY3DPEHPK3PXP');
    expect(open(keys.secretKey, box, '1000000001')).toBe('JBSWY3DPEHPK3PXP');
    // Copied to another account's row, under another key, or altered: refused.
    expect(open(keys.secretKey, box, '1000000002')).toBeNull();
    expect(open(deriveTwoFactorKeys('n'.repeat(64)).secretKey, box, '1000000001')).toBeNull();
    const [v, iv, sealed, tag] = box.split('.');
    const flipped = Buffer.from(sealed ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(
      open(keys.secretKey, [v, iv, flipped.toString('base64url'), tag].join('.'), '1000000001'),
    ).toBeNull();
    expect(open(keys.secretKey, 'garbage', '1000000001')).toBeNull();
  });

  it('derives different keys per purpose', () => {
    expect(keys.secretKey.equals(keys.backupKey)).toBe(false);
    expect(keys.secretKey).toHaveLength(32);
  });
});

describe('backup codes', () => {
  it('are ten different 50-bit codes, printed in two groups of five', () => {
    const codes = newBackupCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
  });

  it('hash the same however they are typed, and differently under another key', () => {
    const code = 'ab1c0-defgh';
    const hash = hashBackupCode(keys.backupKey, code);
    expect(normaliseBackupCode(' AB1C0 DEFGH ')).toBe('ab1c0defgh');
    for (const typed of ['AB1C0-DEFGH', 'ab1c0defgh', 'abIcO defgh', 'abLc0-defgh'])
      expect(hashBackupCode(keys.backupKey, typed), typed).toBe(hash);
    expect(hashBackupCode(Buffer.from(crypto.randomBytes(32)), code)).not.toBe(hash);
  });
});
