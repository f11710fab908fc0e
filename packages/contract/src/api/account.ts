import { z } from 'zod';

/**
 * Account fields shared by every area that shows an account (registration, login, profile).
 * The server stores ids as 10-digit numeric strings; the API exposes them as numbers (spec §6
 * "id greater than 0"); 10 digits stay far below 2^53.
 */
export const userIdSchema = z.number().int().positive();

/**
 * `ann.lee@example.com` → `ann***@example.com`: enough for the owner to recognise the address,
 * too little to harvest it (spec §3 vague_email). Short local parts keep only their first letter.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  const keep = local.length > 4 ? 3 : 1;
  return `${local.slice(0, keep)}***${email.slice(at)}`;
}

/** `+447700900123` → `+447****0123` (spec §3 vague_mobile): the country prefix and the last four digits. */
export function maskMobile(e164: string): string {
  if (e164.length <= 8) return `${e164.slice(0, 2)}****`;
  return `${e164.slice(0, 4)}****${e164.slice(-4)}`;
}

/** Mask a login name, whichever kind it is. */
export function maskLoginName(loginName: string): string {
  return loginName.includes('@') ? maskEmail(loginName) : maskMobile(loginName);
}
