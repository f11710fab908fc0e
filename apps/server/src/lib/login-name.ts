import { parsePhoneNumberFromString } from 'libphonenumber-js';

export interface IdentifierInput {
  email?: string | undefined;
  country_code?: string | undefined;
  mobile?: string | undefined;
}

export interface LoginName {
  /** Normalised e-mail or E.164 number: what `app.accounts.findByLoginName` looks up. */
  value: string;
  channel: 'email' | 'mobile';
}

/**
 * The login name from the request's identifier fields (already checked by the contract schema:
 * exactly one form). E-mail comes normalised from the schema; a mobile number becomes E.164 the
 * way libphonenumber-js reads it (national trunk prefix dropped: `44` + `07700 900123` →
 * `+447700900123`). A number libphonenumber cannot read still gets a plain `+<digits>` form: it
 * then simply matches no account, and answers like a wrong password.
 */
export function loginNameOf(input: IdentifierInput): LoginName | null {
  if (input.email !== undefined) return { value: input.email, channel: 'email' };
  if (input.country_code === undefined || input.mobile === undefined) return null;
  const digits = input.mobile.replace(/\D/g, '');
  const parsed = parsePhoneNumberFromString(digits, { defaultCallingCode: input.country_code });
  return { value: parsed?.number ?? `+${input.country_code}${digits}`, channel: 'mobile' };
}
