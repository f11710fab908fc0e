import { z } from 'zod';
import { socialBindOutcomeFields, socialPendingBindFields } from './social-login.js';
import { telegramBindOutcomeFields, telegramPendingBindFields } from './telegram-bind-fields.js';
import { userIdSchema } from './account.js';
import { loginNeed2faSchema } from './two-factor.js';
import {
  countryCallingCodeSchema,
  emailSchema,
  encryptedPasswordSchema,
  mobileNumberSchema,
  verifyCodeSchema,
} from './auth-common.js';

/**
 * Login (spec §3 "Login response fields", §4 ban flow, §5 31002 rule, §7 calls, §8 codes).
 * Server: apps/server/src/modules/login; flow and numbers: docs/flows/login.md.
 */

/** The account: an e-mail, or a calling code plus national number (never both). */
export const identifierFields = {
  email: emailSchema.optional(),
  country_code: countryCallingCodeSchema.optional(),
  mobile: mobileNumberSchema.optional(),
};

/** Refinement for objects built from `identifierFields`: exactly one of the two forms. */
export function hasOneIdentifier(v: { email?: string; country_code?: string; mobile?: string }): boolean {
  return v.email !== undefined
    ? v.country_code === undefined && v.mobile === undefined
    : v.country_code !== undefined && v.mobile !== undefined;
}
const ONE_IDENTIFIER = { message: 'send either email, or country_code and mobile' };

export const loginIdentifierSchema = z.object(identifierFields).refine(hasOneIdentifier, ONE_IDENTIFIER);
export type LoginIdentifier = z.infer<typeof loginIdentifierSchema>;

/**
 * `POST /login` and `POST /user/public/login_compliance` (regulated sites). Headers: `tx-id`
 * (device fingerprint), `Guid` (device guid). Captcha and tracking extras the client adds are
 * ignored here (unknown keys are dropped).
 */
export const loginRequestSchema = z
  .object({
    ...identifierFields,
    ...encryptedPasswordSchema.shape,
    ...telegramPendingBindFields,
    ...socialPendingBindFields,
  })
  .refine(hasOneIdentifier, ONE_IDENTIFIER);
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Login code step: 6 digits, valid 10 minutes, 5 attempts, resend after 60 s. */
export const LOGIN_CODE_TTL_MS = 10 * 60_000;
export const LOGIN_CODE_MAX_ATTEMPTS = 5;
export const LOGIN_CODE_RESEND_MS = 60_000;

/** A second factor is needed (new device or risk): the code went to `masked_target`. */
export const loginNeedVerifySchema = z.object({
  /** Opaque id of this login attempt; send it back with the code. */
  challenge_id: z.string(),
  channel: z.enum(['email', 'mobile']),
  /** The masked e-mail or number the code went to (contract `maskLoginName`). */
  masked_target: z.string(),
  /** Seconds the code stays valid. */
  expires_in: z.number().int(),
  /** Seconds until `login/verify/resend` may be called. */
  resend_in: z.number().int(),
});
export type LoginNeedVerify = z.infer<typeof loginNeedVerifySchema>;

/**
 * `result` of a login call. Logged in: `user_id` set, `need_verify` null, the session cookie set
 * (and `token` in the envelope for `X-Session-Transport: header` clients). Code step: `user_id`
 * null, `need_verify` set, no session yet. Authenticator step (the account has 2FA on): `user_id`
 * null, `need_verify` null, `need_2fa` set, no session yet.
 */
export const loginResultSchema = z.object({
  user_id: userIdSchema.nullable(),
  /** Always false on login (new accounts come from registration). */
  new_user: z.boolean(),
  need_verify: loginNeedVerifySchema.nullable(),
  /** Present only when the authenticator step comes next (two-factor.ts). */
  need_2fa: loginNeed2faSchema.optional(),
  ...telegramBindOutcomeFields,
  ...socialBindOutcomeFields,
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/**
 * 31002 PASSWORD_WRONG: `result` and the envelope's top level both carry `pass_err_count`
 * (consecutive failures of this login name). The client passes the answer on only for 3-5.
 */
export const passwordWrongResultSchema = z.object({
  pass_err_count: z.number().int().nonnegative(),
  /** The failure that reaches this count locks the login (31030). */
  max_pass_err_count: z.number().int().positive(),
});
export type PasswordWrongResult = z.infer<typeof passwordWrongResultSchema>;

/** 31030 TOO_MANY_PASSWORD_ERRORS: password login is locked until `locked_until` (epoch ms). */
export const loginLockedResultSchema = z.object({
  locked_until: z.number().int(),
  retry_after_seconds: z.number().int().nonnegative(),
});
export type LoginLockedResult = z.infer<typeof loginLockedResultSchema>;

/** 31018 IP_LIMIT: too many failed logins from this address. */
export const ipLimitResultSchema = z.object({ retry_after_seconds: z.number().int().nonnegative() });

/**
 * 31003 ACCOUNT_BANNED (answered only after a correct password) and `POST /user/public/ban/einfo`.
 * `baned_time` is when the ban started, epoch ms (null: no ban behind the cookie); `baned_until`
 * when it ends (null: indefinite, or no ban); `is_self_help_baned` whether the operator allowed the
 * user to lift it on `/self-unblock` (from 24 h after `baned_time`). The 31003 answer also sets the
 * `self_unbind_token` cookie that ban/einfo reads. docs/flows/ban.md.
 */
export const banInfoSchema = z.object({
  is_self_help_baned: z.boolean(),
  baned_time: z.number().int().nullable(),
  baned_until: z.number().int().nullable(),
});
export type BanInfo = z.infer<typeof banInfoSchema>;

/** `POST /user/public/ban/einfo`: the cookie identifies the ban; the body may repeat the token. */
export const banInfoRequestSchema = z.object({ self_unbind_token: z.string().max(64).optional() }).optional();

/**
 * `POST /user/public/login/verify`: answers like a login. Wrong code: 20002 with
 * `{remaining_attempts}` (register's `verifyCodeWrongResultSchema`); unknown, expired or used up: 20003.
 */
export const loginVerifyRequestSchema = z.object({
  challenge_id: z.string().min(16).max(64),
  code: verifyCodeSchema,
  ...telegramPendingBindFields,
  ...socialPendingBindFields,
});
export type LoginVerifyRequest = z.infer<typeof loginVerifyRequestSchema>;

/** `POST /user/public/login/verify/resend`: answers a fresh `need_verify`; too soon: 10016 `{retry_after}`. */
export const loginResendRequestSchema = z.object({ challenge_id: z.string().min(16).max(64) });

/** `POST /logout`: the spec's client sends `rpProps`; nothing in the body is needed (an empty body arrives as null). */
export const logoutRequestSchema = z.object({ rpProps: z.unknown().optional() }).nullish();
export const logoutResultSchema = z.object({ logged_out: z.literal(true) });

export const riskInterceptRequestSchema = z.object({
  scene: z.number().int().nonnegative(),
  ext_info: z
    .union([z.string().max(4096), z.record(z.string(), z.unknown())])
    .optional()
    .nullable(),
});
export const riskInterceptResultSchema = z.object({
  intercept: z.boolean(),
  /** Why, when intercepted: the web shows the blocked text or asks for the captcha first. */
  reason: z.enum(['ip_limit', 'device_failures', 'blocked_country']).optional(),
});
export type RiskInterceptResult = z.infer<typeof riskInterceptResultSchema>;

/** `POST /user/private/trade/switch` (after a `demoAccount=true` login). */
export const TRADE_DEMO_ENV = 1;
export const tradeSwitchRequestSchema = z.object({ env: z.literal(TRADE_DEMO_ENV) });
export const tradeSwitchResultSchema = z.object({ switched: z.literal(true), env: z.number().int() });

/**
 * `POST /user/public/login/unlock`: the link mailed to an account whose unknown devices are held
 * back after guesses from many addresses (docs/flows/login.md "Lockout"). The token comes from the
 * link's `unlock` query value; a consumed token makes this browser (its `Guid`) a known device.
 */
export const loginUnlockRequestSchema = z.object({ token: z.string().min(1).max(64) });
export type LoginUnlockRequest = z.infer<typeof loginUnlockRequestSchema>;
export const loginUnlockResultSchema = z.object({ trusted: z.boolean() });
export type LoginUnlockResult = z.infer<typeof loginUnlockResultSchema>;
