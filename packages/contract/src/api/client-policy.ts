import { RetCode, type RetCodeValue } from './ret-codes.js';

/**
 * How the web client treats each answer (spec §7, §8, §9). Pure tables, kept here so the
 * server (which picks the codes) and the web client (which reacts to them) cannot drift.
 */

/** Answers with these codes count as success (spec §5: "other than 0 and 10007 is an error"). */
export const SUCCESS_CODES: readonly RetCodeValue[] = [RetCode.Ok, RetCode.SuccessNoCache];

export function isSuccessCode(code: number): boolean {
  return code === RetCode.Ok || code === RetCode.SuccessNoCache;
}

/**
 * Drop the cache entry for the request (except the profile request) and reject silently,
 * without a toast (spec §8 transport list).
 */
export const SILENT_CODES: readonly RetCodeValue[] = [
  RetCode.SuccessNoCache,
  RetCode.ConfigStale,
  RetCode.CacheStale,
];

export function isSilentCode(code: number): boolean {
  return (SILENT_CODES as readonly number[]).includes(code);
}

/** Handed back to the caller without a toast: the calling screen shows its own modal or text (spec §8). */
export const RETURNED_WITHOUT_TOAST: readonly RetCodeValue[] = [
  RetCode.ChinaMail,
  RetCode.TooManyPasswordErrors,
  RetCode.IpLimit,
  RetCode.UtaUpgradeError,
  RetCode.AccountBanned,
  RetCode.PhoneLimit,
  RetCode.HkAccountOnOtherSite,
  RetCode.OtherAccountOnHkSite,
  RetCode.NoKycTurkey,
  RetCode.DifferentInfo,
  RetCode.AccountAlreadyBound,
  RetCode.AccountNotBound,
  RetCode.AccountSiteMismatch,
  RetCode.MainSiteNoKyc,
  RetCode.KycCountryRestricted,
  RetCode.RegionAccountRestricted,
  RetCode.RegionRegistrationRestricted,
  RetCode.RegionLoginRestricted,
  RetCode.CaptchaRequired,
  RetCode.RiskVerificationRequired,
  RetCode.EuSiteResidenceUnconfirmed,
  RetCode.MainSiteEeaResident,
  RetCode.GeorgiaResidenceUnconfirmed,
  RetCode.UaeResidenceUnconfirmed,
  RetCode.ResidenceCountryBlocked,
  RetCode.ResidenceCountryRedirect,
  RetCode.ResidenceNotConfirmed,
];

export function isReturnedWithoutToast(code: number): boolean {
  return (RETURNED_WITHOUT_TOAST as readonly number[]).includes(code);
}

/** Codes that open the generic error modal with a translated message (spec §8 "Modals"). */
export const GENERIC_MODAL_CODES: readonly RetCodeValue[] = [
  RetCode.NoKycTurkey,
  RetCode.DifferentInfo,
  RetCode.AccountAlreadyBound,
  RetCode.AccountNotBound,
  RetCode.AccountSiteMismatch,
  RetCode.MainSiteNoKyc,
  RetCode.KycCountryRestricted,
  RetCode.RegionAccountRestricted,
  RetCode.RegionRegistrationRestricted,
];

/** Login 31002 is a result (not an error) only at these pass_err_count values (spec §5). */
export const PASSWORD_WRONG_RESULT_COUNTS: readonly number[] = [3, 4, 5];

export function isPasswordWrongResult(code: number, passErrCount: number | undefined): boolean {
  return (
    code === RetCode.PasswordWrong &&
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
