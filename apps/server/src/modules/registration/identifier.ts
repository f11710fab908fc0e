import { parsePhoneNumberWithError, type CountryCallingCode } from 'libphonenumber-js';
import { RetCode, SITES, isBlockedCountry, type SiteId } from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';

/** A sign-up identifier after normalisation: what the unique indexes compare. */
export interface Identifier {
  channel: 'email' | 'mobile';
  /** Lower-cased e-mail or E.164 number. */
  loginName: string;
}

export interface IdentifierInput {
  email?: string | undefined;
  country_code?: string | undefined;
  mobile?: string | undefined;
}

/**
 * Mainland-China mail providers (spec §8 code 20100, "China mail"): sign-up with them is
 * refused. Matched on the domain and its sub-domains.
 */
const CHINA_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'qq.com',
  'foxmail.com',
  '163.com',
  '126.com',
  'yeah.net',
  'sina.com',
  'sina.cn',
  'sohu.com',
  '139.com',
  '189.cn',
  'aliyun.com',
  'wo.cn',
]);

/**
 * Canadian area codes of Ontario: §6 blocks Ontario, and a +1 number carries its province in
 * the area code (CRTC numbering plan).
 */
const ONTARIO_AREA_CODES: ReadonlySet<string> = new Set([
  '226',
  '249',
  '289',
  '343',
  '365',
  '382',
  '416',
  '437',
  '519',
  '548',
  '613',
  '647',
  '683',
  '705',
  '742',
  '753',
  '807',
  '905',
  '942',
]);

export function isChinaMail(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  for (let d = domain; d.includes('.'); d = d.slice(d.indexOf('.') + 1)) {
    if (CHINA_MAIL_DOMAINS.has(d)) return true;
  }
  return false;
}

/**
 * E.164 from a calling code and a national number, and the country the number belongs to.
 * MOBILE_INVALID when libphonenumber-js does not accept it as a valid number.
 */
export function normaliseMobile(
  countryCode: string,
  national: string,
): { e164: string; country: string | null } {
  const digits = national.replace(/[^\d]/g, '');
  try {
    const phone = parsePhoneNumberWithError(digits, {
      defaultCallingCode: countryCode as CountryCallingCode,
    });
    if (phone.countryCallingCode !== countryCode || !phone.isValid())
      throw new ApiError(RetCode.MobileInvalid);
    return { e164: phone.number, country: phone.country ?? null };
  } catch (err) {
    if (err instanceof ApiError) throw err;
    // ParseError: too short, not a number, unknown calling code.
    throw new ApiError(RetCode.MobileInvalid);
  }
}

/** True when the number belongs to a blocked country (§6), Ontario included. */
export function isBlockedMobile(e164: string, country: string | null): boolean {
  if (country === null) return false;
  if (isBlockedCountry(country)) return true;
  return country === 'CA' && ONTARIO_AREA_CODES.has(e164.slice(2, 5));
}

/**
 * Normalise and vet the identifier of a sign-up on `site`: e-mail or mobile, China mail refused
 * (CHINA_MAIL), numbers of blocked countries refused (PHONE_LIMIT), mobile only where the site
 * offers it and the operator has not switched it off (`phoneOffered`: feature_flags.phoneSignUp).
 */
export function signupIdentifier(input: IdentifierInput, site: SiteId, phoneOffered = true): Identifier {
  if (input.email !== undefined) {
    const email = input.email.trim().toLowerCase();
    if (isChinaMail(email)) throw new ApiError(RetCode.ChinaMail);
    return { channel: 'email', loginName: email };
  }
  if (input.country_code === undefined || input.mobile === undefined) {
    throw new ApiError(RetCode.ParamsInvalid, 'Send either email or country_code + mobile');
  }
  if (!SITES[site].phoneSignUp || !phoneOffered) {
    throw new ApiError(RetCode.ParamsInvalid, 'Sign-up by mobile number is not offered on this site');
  }
  const { e164, country } = normaliseMobile(input.country_code, input.mobile);
  if (isBlockedMobile(e164, country)) throw new ApiError(RetCode.PhoneLimit);
  return { channel: 'mobile', loginName: e164 };
}

/**
 * The residence rules of a sign-up (§5, §6): a blocked residence is refused
 * (RESIDENCE_COUNTRY_BLOCKED), and regulated sites need one (RESIDENCE_NOT_CONFIRMED).
 */
export function checkResidence(site: SiteId, country: string | null, subdivision: string | null): void {
  if (country === null) {
    if (SITES[site].regulated) throw new ApiError(RetCode.ResidenceNotConfirmed);
    return;
  }
  if (isBlockedCountry(country, subdivision)) throw new ApiError(RetCode.ResidenceCountryBlocked);
}
