/**
 * The ret_code catalogue shared by server and web (spec §8).
 * The code is also the i18n key: the English text of each code lives in
 * apps/web/public/locales/en/inverse-error-code.json, and a test keeps the two in step.
 */
export const RetCode = {
  OK: 0,
  /** Client side only: network or CORS failure, or a reply without an error payload. */
  NETWORK: -200,
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
  CACHE_STALE: 10009,
  /** Too many requests; the client shows a per-path-type text. */
  TOO_FREQUENT: 10016,
  CHINA_MAIL: 20100,
  UNBIND_2FA_SEND_CODE: 20035,
  UNBIND_2FA_SEND_CODE_MAPPED: 35300,
  RISK_BLOCKED: 30054,
  PASSWORD_WRONG: 31002,
  ACCOUNT_BANNED: 31003,
  IP_LIMIT: 31018,
  TOO_MANY_PASSWORD_ERRORS: 31030,
  CONFIG_STALE: 33003,
  THIRD_PARTY_NOT_BOUND: 40004,
  ACCOUNT_TERMINATED: 40029,
  PHONE_LIMIT: 41007,
  NO_KYC_TURKEY: 41102,
  DIFFERENT_INFO: 41103,
  ACCOUNT_ALREADY_BOUND: 41104,
  ACCOUNT_NOT_BOUND: 41105,
  MAIN_SITE_NO_KYC: 41107,
  SYSTEM_BUSY: 50002,
  UTA_UPGRADE_ERROR: 50101,
  AFFILIATE_NOT_FOUND: 610016,
  AFFILIATE_DISABLED: 610017,
} as const;

export type RetCodeName = keyof typeof RetCode;
export type RetCodeValue = (typeof RetCode)[RetCodeName];
