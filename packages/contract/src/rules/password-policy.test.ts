import { describe, expect, it } from 'vitest';
import {
  checkPasswordPolicy,
  passwordLength,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './password-policy.js';

describe('checkPasswordPolicy', () => {
  it('refuses an empty password', () => {
    expect(checkPasswordPolicy('')).toEqual({ ok: false, reason: 'empty' });
  });

  it('needs at least 8 characters', () => {
    expect(checkPasswordPolicy('a'.repeat(7))).toEqual({ ok: false, reason: 'too-short' });
    expect(checkPasswordPolicy('a'.repeat(8))).toEqual({ ok: true });
  });

  it('has no composition rules', () => {
    for (const pw of ['abcdefgh', 'ABCDEFGH', '12345679', '        ', 'correct horse battery staple']) {
      expect(checkPasswordPolicy(pw)).toEqual({ ok: true });
    }
  });

  it('allows at least 64 characters and stops after 128', () => {
    expect(checkPasswordPolicy('x'.repeat(64))).toEqual({ ok: true });
    expect(checkPasswordPolicy('x'.repeat(PASSWORD_MAX_LENGTH))).toEqual({ ok: true });
    expect(checkPasswordPolicy('x'.repeat(PASSWORD_MAX_LENGTH + 1))).toEqual({
      ok: false,
      reason: 'too-long',
    });
  });

  it('counts Unicode code points, not UTF-16 units', () => {
    const emoji = '😀'; // two UTF-16 units, one code point
    expect(emoji.length).toBe(2);
    expect(passwordLength(emoji.repeat(4))).toBe(4);
    // 4 emoji are 8 UTF-16 units but only 4 characters: too short.
    expect(checkPasswordPolicy(emoji.repeat(4))).toEqual({ ok: false, reason: 'too-short' });
    expect(checkPasswordPolicy(emoji.repeat(PASSWORD_MIN_LENGTH))).toEqual({ ok: true });
    // 128 emoji are 256 UTF-16 units: still allowed.
    expect(checkPasswordPolicy(emoji.repeat(PASSWORD_MAX_LENGTH))).toEqual({ ok: true });
    expect(checkPasswordPolicy('пароль12')).toEqual({ ok: true });
  });
});
