/**
 * Password policy after OWASP ASVS 5 (V6.2): length is what counts, not composition.
 *
 * - At least 8 characters (Unicode code points, so "пароль12" or an emoji counts as typed).
 * - At most 128 characters: ASVS asks that at least 64 be allowed; we allow twice that so a
 *   pass-phrase or a generated password is never cut, and stop there so a megabyte "password"
 *   cannot be used to make the server hash for long.
 * - No composition rules (no "one digit, one capital…"), no periodic change.
 * - The most common passwords are refused; that list is large, so the server decides it
 *   (apps/server/src/modules/password/common-passwords.ts) and answers `common`.
 *
 * Pure and dependency-free: the web bundle imports it to check as the user types.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordPolicyReason = 'empty' | 'too-short' | 'too-long' | 'common';

export type PasswordPolicyResult = { ok: true } | { ok: false; reason: PasswordPolicyReason };

/** Length in Unicode code points (not UTF-16 units), as ASVS counts characters. */
export function passwordLength(password: string): number {
  let n = 0;
  // The string iterator walks code points, so a surrogate pair counts once.
  for (const _ of password) n++;
  return n;
}

/**
 * The checks both sides can make without the common-password list. The server adds the
 * `common` check (see common-passwords.ts); the web shows it when the server answers so.
 * Whitespace is kept as typed: a space is a character like any other (ASVS: no truncation).
 */
export function checkPasswordPolicy(password: string): PasswordPolicyResult {
  if (password.length === 0) return { ok: false, reason: 'empty' };
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return { ok: false, reason: 'too-short' };
  if (length > PASSWORD_MAX_LENGTH) return { ok: false, reason: 'too-long' };
  return { ok: true };
}
