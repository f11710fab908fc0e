import type { z } from 'zod';
import type { CallSchemas } from '../endpoint.js';
import type { RetCodeName } from '../ret-codes.js';

/** The request and result schema types of an entry (see `SCHEMA_TYPES`). */
export type Io<Request extends z.ZodType, Result extends z.ZodType> = CallSchemas<Request, Result>;

// Codes several calls share, named once so the lists read as what the call does.
/** Calls behind a captcha (docs/captcha.md): the guard's answers. */
export const CAPTCHA = [
  'CaptchaRequired',
  'CaptchaInvalid',
  'CaptchaExpired',
  'CaptchaReplayed',
  'CaptchaSceneMismatch',
  'CaptchaUnavailable',
] as const satisfies readonly RetCodeName[];
/** Calls that carry an encrypted password (docs/adr/0005). */
export const PASSWORD = [
  'PasswordDecryptFailed',
  'PasswordTimestampStale',
] as const satisfies readonly RetCodeName[];
/** Account states and site rules a login refuses on (spec §4, §5). */
export const ACCOUNT_STATE = [
  'AccountBanned',
  'AccountTerminated',
  'HkAccountOnOtherSite',
  'OtherAccountOnHkSite',
] as const satisfies readonly RetCodeName[];
/** Binding changes asking for the password again (ASVS 7.5.1, docs/telegram.md). */
export const REAUTH = [
  'TelegramReauthRequired',
  'PasswordWrong',
  'TooManyPasswordErrors',
  ...PASSWORD,
] as const;
/** Telegram data that failed its check, or Telegram not configured. */
export const TELEGRAM_DATA = ['TelegramAuthInvalid', 'TelegramAuthExpired', 'TelegramUnavailable'] as const;
/** Where a sign-up flow (uuid) can be refused: unknown, at another step, or in another browser. */
export const FLOW = ['RegisterFlowNotFound', 'RegisterStepInvalid', 'RegisterFlowNotBound'] as const;
/**
 * Calls that send a code or link and wait for it: the mail or SMS could not be handed over
 * (delivery.service.ts); nothing was kept, try again later.
 */
export const SENDS = ['SystemBusy'] as const satisfies readonly RetCodeName[];
/** A code typed by the user. */
export const CODE_CHECK = ['VerifyCodeInvalid', 'VerifyCodeExpired', 'VerifyCodeAttemptsExceeded'] as const;
/** Who may sign up here with this identifier and residence (spec §6). */
export const SIGNUP_RULES = [
  'ChinaMail',
  'MobileInvalid',
  'PhoneLimit',
  'RegionRegistrationRestricted',
  'ResidenceCountryBlocked',
  'ResidenceCountryRedirect',
  'ResidenceNotConfirmed',
] as const satisfies readonly RetCodeName[];
export const OAUTH_REQUEST = [
  'OAuthClientInvalid',
  'OAuthRedirectUriInvalid',
  'OAuthScopeInvalid',
  'OAuthResponseTypeUnsupported',
  'OAuthPkceRequired',
] as const satisfies readonly RetCodeName[];

export const NO_STORE = 'no-store';
/** Spec §9: the profile is kept 10 s by the client; the browser may keep it as long. */
export const PROFILE_CACHE = { privateTtlMs: 10_000 } as const;
/** Lists that change with a deployment, not per request. */
export const MINUTE_CACHE = { privateTtlMs: 60_000 } as const;
