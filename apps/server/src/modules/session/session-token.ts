import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes (256 bits), base64url: 43 characters. */
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newSessionToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** Cheap shape check, so junk never reaches the store. */
export function isWellFormedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

/**
 * The stored id. A plain SHA-256 is enough: the token has 256 bits of entropy, so there is
 * nothing to brute-force, and lookups stay a single indexed equality.
 */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
