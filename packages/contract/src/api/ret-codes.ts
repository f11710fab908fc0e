/**
 * The ret_code catalogue shared by server and web (spec §8).
 *
 * Every code the server can answer is here, and nothing else may be sent: the server's
 * `ApiError` only accepts a `RetCodeValue`. The code is also the i18n key: the English text of
 * each code lives in apps/web/public/locales/en/inverse-error-code.json, and a test keeps the
 * two in step.
 *
 * Codes the spec names but does not explain (marked "Gatehouse meaning") get the meaning that
 * fits the client behaviour the spec gives them; the comment says so, so nobody mistakes it for
 * an upstream definition.
 */
export const RetCode = {
  OK: 0,
  /** Client side only: network or CORS failure, or a reply without an error payload. */
  NETWORK: -200,

  // 10xxx: protocol and session.
  INTERNAL_ERROR: 10000,
  PARAMS_INVALID: 10001,
  /** Used by affiliate calls: no such affiliate (silent on those calls). */
  NOT_FOUND: 10002,
  ROUTE_NOT_FOUND: 10003,
  UNSUPPORTED_MEDIA_TYPE: 10004,
  PAYLOAD_TOO_LARGE: 10005,
  /** Not logged in, or the session expired: the client runs its session-expiry handler. */
  SESSION_EXPIRED: 10006,
  /** Treated as success by the client, but its cache entry is dropped. */
  SUCCESS_NO_CACHE: 10007,
  /** A state-changing call came without the non-safelisted `platform` header (CSRF guard). */
  CSRF_REJECTED: 10008,
  /** The cached answer is stale: the client drops the cache entry and rejects silently. */
  CACHE_STALE: 10009,
  /** Too many requests (business throttle or the API rate limit); per-path-type toast. */
  TOO_FREQUENT: 10016,
  /** Gatehouse meaning: a captcha must be solved first; the caller shows it, no toast. */
  CAPTCHA_REQUIRED: 10026,
  /** Gatehouse meaning: the feature is not available in this environment (e.g. dev tools in production). */
  FORBIDDEN: 10030,

  // 20xxx: accounts and registration.
  /** Sign-up with a mainland-China mail provider is refused. */
  CHINA_MAIL: 20100,
  UNBIND_2FA_SEND_CODE: 20035,
  UNBIND_2FA_SEND_CODE_MAPPED: 35300,
  ACCOUNT_EXISTS: 20001,
  VERIFY_CODE_INVALID: 20002,
  VERIFY_CODE_EXPIRED: 20003,
  /** The registration flow (uuid) is unknown, finished or expired. */
  REGISTER_FLOW_NOT_FOUND: 20004,
  /** The registration flow is not at the step this call needs. */
  REGISTER_STEP_INVALID: 20005,
  PASSWORD_TOO_WEAK: 20006,
  /** The encrypted password could not be decrypted with this environment's key. */
  PASSWORD_DECRYPT_FAILED: 20007,
  /** The timestamp inside the encrypted password is too old or in the future (replay guard). */
  PASSWORD_TIMESTAMP_STALE: 20008,
  REGISTRATION_CLOSED: 20009,
  REF_CODE_INVALID: 20010,
  /** The mobile number is not a valid number for its calling code (libphonenumber-js). */
  MOBILE_INVALID: 20011,
  /** Too many wrong codes: this code is burnt; ask for a new one. */
  VERIFY_CODE_ATTEMPTS_EXCEEDED: 20012,
  /**
   * Gatehouse meaning: the sign-up flow belongs to another browser (the request lacks the flow's
   * HttpOnly binding cookie): continue where it started, or start again. Nothing changed.
   */
  REGISTER_FLOW_NOT_BOUND: 20013,

  // 30xxx: captcha and risk.
  CAPTCHA_INVALID: 30001,
  CAPTCHA_EXPIRED: 30002,
  /** Gatehouse meaning: this captcha solution was already used (one solution, one request). */
  CAPTCHA_REPLAYED: 30003,
  /** Gatehouse meaning: the captcha was solved for another scene than this request's. */
  CAPTCHA_SCENE_MISMATCH: 30004,
  /** Gatehouse meaning: this captcha type cannot be issued or verified here (not configured). */
  CAPTCHA_UNAVAILABLE: 30005,
  /** Risk control blocked the action (toast 5 s). */
  RISK_BLOCKED: 30054,
  /** Gatehouse meaning: risk control wants an extra verification step; the caller handles it, no toast. */
  RISK_VERIFICATION_REQUIRED: 30055,

  // 31xxx: login.
  /** Wrong account or password (never says which). Result carries pass_err_count. */
  PASSWORD_WRONG: 31002,
  ACCOUNT_BANNED: 31003,
  /** Gatehouse meaning: the QR login code is unknown or expired. */
  QR_CODE_EXPIRED: 31010,
  /** Gatehouse meaning: the quick-login token is unknown, used or expired. */
  QUICK_LOGIN_INVALID: 31011,
  IP_LIMIT: 31018,
  TOO_MANY_PASSWORD_ERRORS: 31030,
  /** Gatehouse meaning: self-unban is not possible now (not banned, or the window has not opened). */
  SELF_UNBAN_UNAVAILABLE: 31040,
  /** Gatehouse meaning: the password-reset token is unknown, used or expired (start the reset again). */
  PASSWORD_RESET_EXPIRED: 31050,
  CONFIG_STALE: 33003,

  // 4xxxx: third parties, KYC and site rules.
  THIRD_PARTY_NOT_BOUND: 40004,
  /** Gatehouse meaning: the third-party (social) login token could not be verified. */
  THIRD_PARTY_AUTH_FAILED: 40005,
  ACCOUNT_TERMINATED: 40029,
  PHONE_LIMIT: 41007,
  NO_KYC_TURKEY: 41102,
  DIFFERENT_INFO: 41103,
  ACCOUNT_ALREADY_BOUND: 41104,
  ACCOUNT_NOT_BOUND: 41105,
  /** Gatehouse meaning: the account belongs to another regional site. */
  ACCOUNT_SITE_MISMATCH: 41106,
  MAIN_SITE_NO_KYC: 41107,
  /** Gatehouse meaning: the KYC country is not served by this site. */
  KYC_COUNTRY_RESTRICTED: 41108,
  /** Gatehouse meaning: EU site, residence in the EEA not confirmed (euSiteNoEuResidenceConfirm modal). */
  EU_SITE_RESIDENCE_UNCONFIRMED: 41121,
  /** Gatehouse meaning: main site, the visitor is an EEA resident (mainSiteEuResidenceConfirm modal). */
  MAIN_SITE_EEA_RESIDENT: 41122,
  /** Gatehouse meaning: Georgian residence not confirmed (ResidenceConfirm modal). */
  GEORGIA_RESIDENCE_UNCONFIRMED: 41123,
  /** Gatehouse meaning: UAE residence not confirmed (AeResidenceConfirm modal). */
  UAE_RESIDENCE_UNCONFIRMED: 41125,
  /** Gatehouse meaning: the country of residence is blocked (spec §6 list). */
  RESIDENCE_COUNTRY_BLOCKED: 41126,
  /** Gatehouse meaning: the country of residence is served by another site. */
  RESIDENCE_COUNTRY_REDIRECT: 41127,
  /** Gatehouse meaning: residence was not confirmed at all. */
  RESIDENCE_NOT_CONFIRMED: 41128,
  /** Gatehouse meaning: OAuth client_id unknown or disabled. */
  OAUTH_CLIENT_INVALID: 42001,
  /** Gatehouse meaning: redirect_uri is not registered for the client. */
  OAUTH_REDIRECT_URI_INVALID: 42002,
  /** Gatehouse meaning: requested scope is not allowed for the client. */
  OAUTH_SCOPE_INVALID: 42003,
  /** Gatehouse meaning: the authorization request is unknown or expired. */
  OAUTH_REQUEST_EXPIRED: 42004,
  /** Gatehouse meaning: response_type is not `code` (no implicit grant); result.error unsupported_response_type. */
  OAUTH_RESPONSE_TYPE_UNSUPPORTED: 42005,
  /** Gatehouse meaning: PKCE missing or not S256 (RFC 7636, RFC 9700); result.error invalid_request. */
  OAUTH_PKCE_REQUIRED: 42006,
  /** Gatehouse meaning: Telegram login data failed its signature check. */
  TELEGRAM_AUTH_INVALID: 43001,
  /** Gatehouse meaning: Telegram login data is too old (auth_date). */
  TELEGRAM_AUTH_EXPIRED: 43002,
  /** Gatehouse meaning: this Telegram account is already bound to another account. */
  TELEGRAM_ALREADY_BOUND: 43003,
  /** Gatehouse meaning: no Telegram account is bound to this account. */
  TELEGRAM_NOT_BOUND: 43004,
  /** Gatehouse meaning: this account already has another Telegram account bound (unbind it first). */
  TELEGRAM_ACCOUNT_ALREADY_LINKED: 43005,
  /**
   * Gatehouse meaning: binding or unbinding Telegram needs the password again (the session is older
   * than the re-authentication window; ASVS 7.5.1). Result: `{reauth: 'password', window_seconds}`.
   */
  TELEGRAM_REAUTH_REQUIRED: 43006,
  /** Gatehouse meaning: Telegram is not configured on this server (no bot token). */
  TELEGRAM_UNAVAILABLE: 43007,

  // 5xxxx: upstream.
  SYSTEM_BUSY: 50002,
  UTA_UPGRADE_ERROR: 50101,

  // 400xxx: region and login-site rules.
  /** Gatehouse meaning: a Hong Kong account is logging in on a non-Hong Kong site (mismatch modal). */
  HK_ACCOUNT_ON_OTHER_SITE: 400601,
  /** Gatehouse meaning: a non-Hong Kong account is logging in on the Hong Kong site (mismatch modal). */
  OTHER_ACCOUNT_ON_HK_SITE: 400602,
  /** Gatehouse meaning: the account's region does not allow this site (generic modal). */
  REGION_ACCOUNT_RESTRICTED: 400605,
  /** Gatehouse meaning: registration from this region is not allowed on this site (generic modal). */
  REGION_REGISTRATION_RESTRICTED: 400606,
  /** Gatehouse meaning: login from this region is not allowed on this site. */
  REGION_LOGIN_RESTRICTED: 400607,

  // 6xxxxx: affiliates.
  AFFILIATE_NOT_FOUND: 610016,
  AFFILIATE_DISABLED: 610017,
} as const;

export type RetCodeName = keyof typeof RetCode;
export type RetCodeValue = (typeof RetCode)[RetCodeName];

/** Every catalogue code, in declaration order. */
export const RET_CODE_VALUES: readonly RetCodeValue[] = Object.values(RetCode);

const byValue = new Map<number, RetCodeName>(
  (Object.entries(RetCode) as [RetCodeName, RetCodeValue][]).map(([name, value]) => [value, name]),
);

/** True when `code` is in the catalogue (narrows the type). */
export function isRetCode(code: number): code is RetCodeValue {
  return byValue.has(code);
}

/** The catalogue name of a code, for logs; undefined when unknown. */
export function retCodeName(code: number): RetCodeName | undefined {
  return byValue.get(code);
}
