/** What the account forms send as the login name: an e-mail, or a calling code and national number. */
export type Identifier = { email: string } | { country_code: string; mobile: string };

export type IdentifierKind = 'email' | 'mobile';

/** A plain shape check (the server's check is the real one): something@domain.tld, no spaces. */
export function isPlausibleEmail(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/** The digits the user typed, 4 to 20 (spaces, dashes and brackets allowed). */
export function isPlausibleMobile(value: string): boolean {
  return /^[\d\s()-]{4,20}$/.test(value) && /\d{4}/.test(value.replace(/\D/g, ''));
}

export function identifierOf(
  kind: IdentifierKind,
  email: string,
  countryCode: string,
  mobile: string,
): Identifier {
  return kind === 'email'
    ? { email: email.trim() }
    : { country_code: countryCode, mobile: mobile.replace(/[\s()-]/g, '') };
}

/** The error key for the identifier input, or undefined when it looks right. */
export function identifierError(kind: IdentifierKind, email: string, mobile: string): string | undefined {
  if (kind === 'email') {
    if (!email.trim()) return 'auth.email.required';
    return isPlausibleEmail(email.trim()) ? undefined : 'auth.email.invalid';
  }
  if (!mobile.trim()) return 'auth.mobile.required';
  return isPlausibleMobile(mobile.trim()) ? undefined : 'auth.mobile.invalid';
}

/** Value of the calling-code select: `ISO:callingCode`, so two countries sharing a code stay apart. */
export function callingCodeOf(value: string): string {
  return value.split(':')[1] ?? '';
}
