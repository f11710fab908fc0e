import { Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS, TOTP_WINDOW_STEPS } from '@gatehouse/contract';

/**
 * RFC 6238 through `otpauth` (no hand-rolled HMAC): SHA-1, 30-second steps, 6 digits, which every
 * authenticator app reads from an `otpauth://` URI. The server only ever needs three things: a new
 * secret, its URI, and which time step (if any) a code belongs to.
 */

/** 160 random bits (RFC 4226's recommended length for SHA-1), as base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

const totpOf = (secret: string, label = '', issuer = '') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** `otpauth://totp/Issuer:label?secret=…&issuer=Issuer&algorithm=SHA1&digits=6&period=30`. */
export function otpauthUri(secret: string, label: string, issuer: string): string {
  return totpOf(secret, label, issuer).toString();
}

/** The time step `now` falls in. */
export function stepAt(now: number): number {
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The time step `code` was made for, within ±TOTP_WINDOW_STEPS of `now`, or null. The caller then
 * accepts it only if that step is newer than the last one accepted (the replay guard).
 */
export function matchingStep(secret: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: TOTP_WINDOW_STEPS });
  return delta === null ? null : stepAt(now) + delta;
}

/** The code for `now` (tests and the e2e spec compute codes like the user's app does). */
export function totpCodeAt(secret: string, now: number): string {
  return totpOf(secret).generate({ timestamp: now });
}
