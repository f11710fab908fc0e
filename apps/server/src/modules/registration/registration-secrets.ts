import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Six digits, uniformly drawn (crypto.randomInt), leading zeros kept. */
export function newVerifyCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * The stored form of a code. Salted with the flow's uuid so equal codes of two flows differ.
 * A 6-digit code could be brute-forced from its hash, so the hash protects only against casual
 * reading; what protects the code is its 10-minute life and the 5-attempt limit.
 */
export function hashVerifyCode(uuid: string, code: string): string {
  return createHash('sha256').update(`${uuid}:${code}`).digest('hex');
}

/** 256 random bits, base64url (43 characters): the single-use link token. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A plain SHA-256 suffices: the token has 256 bits of entropy. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time comparison of two hex digests (a mismatch in length is simply false). */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** Short, non-reversible key part for rate-limit counters, so no address sits in the key store. */
export function throttleKey(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 22);
}

/** 256 random bits, base64url: the secret binding a flow to the browser that started it. */
export function newBindingSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What the flow row keeps of the binding; a plain SHA-256 suffices for 256 bits of entropy. */
export function hashBinding(secret: string): string {
  return createHash('sha256').update(`binding:${secret}`).digest('hex');
}
