import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * Random values and their stored form. Every secret here (client secrets, codes, tokens) is 256
 * random bits, so a plain SHA-256 is enough to store it: there is nothing to brute-force, and
 * lookups stay one indexed equality (docs/adr/0008-oauth-tokens.md). The prefixes make a leaked
 * value recognisable to secret scanners and to a human reading a log.
 */
export const PREFIX = {
  clientSecret: 'gth_cs_',
  accessToken: 'gth_at_',
  refreshToken: 'gth_rt_',
} as const;

export function randomSecret(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

export function hashSecret(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Compare a presented secret with a stored hash in constant time. */
export function secretMatches(presented: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(presented), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** RFC 7636 §4.6: BASE64URL(SHA256(ASCII(code_verifier))) == code_challenge, compared in constant time. */
export function pkceMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

export function newFamilyId(): string {
  return randomUUID();
}
