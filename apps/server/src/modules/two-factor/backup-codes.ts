import crypto from 'node:crypto';
import { BACKUP_CODE_COUNT } from '@gatehouse/contract';

/**
 * Backup codes: ten per set-up, shown once, each good once. 10 characters of Crockford's base32
 * (no i, l, o or u; 50 bits), printed `abcde-fghjk`. Stored as HMAC-SHA-256 under a server key
 * (ADR 0020): a lookup by hash, no per-code salt to try against every row, and a stolen table alone
 * reveals nothing.
 */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

function oneCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += ALPHABET[crypto.randomInt(0, ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A fresh set, all different. */
export function newBackupCodes(count = BACKUP_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(oneCode());
  return [...codes];
}

/** What the user typed, as it was printed: case, spaces, dashes and Crockford's look-alikes forgiven. */
export function normaliseBackupCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
}

export function hashBackupCode(key: Buffer, code: string): string {
  return crypto.createHmac('sha256', key).update(normaliseBackupCode(code)).digest('base64url');
}
