import { RetCode, type RetCodeValue } from './ret-codes.js';

/**
 * How the web client treats each answer (spec §7, §8, §9). Pure tables, kept here so the
 * server (which picks the codes) and the web client (which reacts to them) cannot drift.
 */

/** Answers with these codes count as success (spec §5: "other than 0 and 10007 is an error"). */
export const SUCCESS_CODES: readonly RetCodeValue[] = [RetCode.OK, RetCode.SUCCESS_NO_CACHE];

export function isSuccessCode(code: number): boolean {
  return code === RetCode.OK || code === RetCode.SUCCESS_NO_CACHE;
}

/**
 * Drop the cache entry for the request (except the profile request) and reject silently,
 * without a toast (spec §8 transport list).
 */
export const SILENT_CODES: readonly RetCodeValue[] = [
  RetCode.SUCCESS_NO_CACHE,
  RetCode.CONFIG_STALE,
  RetCode.CACHE_STALE,
];

export function isSilentCode(code: number): boolean {
  return (SILENT_CODES as readonly number[]).includes(code);
}

/** Handed back to the caller without a toast: the calling screen shows its own modal or text (spec §8). */
export const RETURNED_WITHOUT_TOAST: readonly RetCodeValue[] = [
  RetCode.CHINA_MAIL,
  RetCode.TOO_MANY_PASSWORD_ERRORS,
  RetCode.IP_LIMIT,
  RetCode.UTA_UPGRADE_ERROR,
  RetCode.ACCOUNT_BANNED,
  RetCode.PHONE_LIMIT,
  RetCode.HK_ACCOUNT_ON_OTHER_SITE,
  RetCode.OTHER_ACCOUNT_ON_HK_SITE,
  RetCode.NO_KYC_TURKEY,
  RetCode.DIFFERENT_INFO,
  RetCode.ACCOUNT_ALREADY_BOUND,
  RetCode.ACCOUNT_NOT_BOUND,
  RetCode.ACCOUNT_SITE_MISMATCH,
  RetCode.MAIN_SITE_NO_KYC,
  RetCode.KYC_COUNTRY_RESTRICTED,
  RetCode.REGION_ACCOUNT_RESTRICTED,
  RetCode.REGION_REGISTRATION_RESTRICTED,
  RetCode.REGION_LOGIN_RESTRICTED,
  RetCode.CAPTCHA_REQUIRED,
  RetCode.RISK_VERIFICATION_REQUIRED,
  RetCode.EU_SITE_RESIDENCE_UNCONFIRMED,
  RetCode.MAIN_SITE_EEA_RESIDENT,
  RetCode.GEORGIA_RESIDENCE_UNCONFIRMED,
  RetCode.UAE_RESIDENCE_UNCONFIRMED,
  RetCode.RESIDENCE_COUNTRY_BLOCKED,
  RetCode.RESIDENCE_COUNTRY_REDIRECT,
  RetCode.RESIDENCE_NOT_CONFIRMED,
];

export function isReturnedWithoutToast(code: number): boolean {
  return (RETURNED_WITHOUT_TOAST as readonly number[]).includes(code);
}

/** Codes that open the generic error modal with a translated message (spec §8 "Modals"). */
export const GENERIC_MODAL_CODES: readonly RetCodeValue[] = [
  RetCode.NO_KYC_TURKEY,
  RetCode.DIFFERENT_INFO,
  RetCode.ACCOUNT_ALREADY_BOUND,
  RetCode.ACCOUNT_NOT_BOUND,
  RetCode.ACCOUNT_SITE_MISMATCH,
  RetCode.MAIN_SITE_NO_KYC,
  RetCode.KYC_COUNTRY_RESTRICTED,
  RetCode.REGION_ACCOUNT_RESTRICTED,
  RetCode.REGION_REGISTRATION_RESTRICTED,
];

/** Login 31002 is a result (not an error) only at these pass_err_count values (spec §5). */
export const PASSWORD_WRONG_RESULT_COUNTS: readonly number[] = [3, 4, 5];

export function isPasswordWrongResult(code: number, passErrCount: number | undefined): boolean {
  return (
    code === RetCode.PASSWORD_WRONG &&
    passErrCount !== undefined &&
    PASSWORD_WRONG_RESULT_COUNTS.includes(passErrCount)
  );
}

/**
 * Endpoints called without the UserToken header (spec §5), as paths below the API base.
 * Matched on the path only; the query string does not matter.
 */
export const PUBLIC_ENDPOINTS: readonly string[] = [
  '/register/permission_v2',
  '/v3/public/user/captcha-info',
  '/user/public/captcha-info',
  '/user/public/get-white-hosts',
  '/v3/public/qrcode/generate',
  '/v2/public/country-list',
];

/**
 * True when the call goes out without UserToken. Accepts the path with or without the API
 * base (`/x-api`) and with or without a query string.
 */
export function isPublicEndpoint(url: string, apiBase = '/x-api'): boolean {
  let path = url.split(/[?#]/, 1)[0] ?? '';
  if (path.startsWith(`${apiBase}/`)) path = path.slice(apiBase.length);
  return PUBLIC_ENDPOINTS.includes(path);
}
