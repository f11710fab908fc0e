import { describe, expect, it } from 'vitest';
import { matchingStep, newTotpSecret, otpauthUri, stepAt, totpCodeAt } from './totp.js';

// RFC 6238 Appendix B, SHA-1: the secret is the ASCII "12345678901234567890"; the RFC prints
// 8 digits, an authenticator app shows the last 6.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
];

describe('TOTP (RFC 6238, SHA-1, 30 s, 6 digits)', () => {
  it.each(RFC_VECTORS)('at %i s gives the RFC test vector', (unixSeconds, eight) => {
    expect(totpCodeAt(RFC_SECRET, unixSeconds * 1000)).toBe(eight.slice(2));
  });

  it('matches a code one step either side of the clock, and not two', () => {
    const now = 1_700_000_015_000;
    const step = stepAt(now);
    for (const offset of [-1, 0, 1]) {
      const code = totpCodeAt(RFC_SECRET, now + offset * 30_000);
      expect(matchingStep(RFC_SECRET, code, now), `offset ${offset}`).toBe(step + offset);
    }
    for (const offset of [-2, 2]) {
      const code = totpCodeAt(RFC_SECRET, now + offset * 30_000);
      expect(matchingStep(RFC_SECRET, code, now), `offset ${offset}`).toBeNull();
    }
    expect(matchingStep(RFC_SECRET, 'abcdef', now)).toBeNull();
    expect(matchingStep(RFC_SECRET, '1234567', now)).toBeNull();
  });

  it('makes 160-bit base32 secrets and an otpauth URI apps read', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(otpauthUri(secret, 'ann@example.com', 'Gatehouse'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Gatehouse:ann@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret,
      issuer: 'Gatehouse',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
