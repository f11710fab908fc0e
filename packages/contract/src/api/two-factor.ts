import { z } from 'zod';
import { encryptedPasswordSchema, verifyCodeSchema } from './auth-common.js';
import { socialPendingBindFields } from './social-login.js';
import { telegramPendingBindFields } from './telegram-bind-fields.js';

/**
 * Authenticator (TOTP) two-factor authentication: set-up, the login step, turning it off, and
 * removing it by e-mail when the device is lost. Server: apps/server/src/modules/two-factor;
 * flow and numbers: docs/flows/two-factor.md.
 */

/** RFC 6238 as every authenticator app reads it: SHA-1, 30-second steps, 6 digits. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted on either side of the server's clock (phone clocks drift). */
export const TOTP_WINDOW_STEPS = 1;
/** Backup codes made at set-up, each good once. */
export const BACKUP_CODE_COUNT = 10;
/** A started set-up must be confirmed within this time. */
export const TWO_FACTOR_SETUP_TTL_MS = 10 * 60_000;
/** The login's 2FA step must be completed within this time after the password. */
export const TWO_FACTOR_LOGIN_TTL_MS = 5 * 60_000;
/** Wrong codes per account before the second factor is locked (login and turning it off alike). */
export const TWO_FACTOR_MAX_FAILURES = 5;
export const TWO_FACTOR_LOCK_MS = 15 * 60_000;
/** The e-mail code that asks for the authenticator to be removed: valid 10 minutes, resend after 60 s. */
export const TWO_FACTOR_UNBIND_CODE_TTL_MS = 10 * 60_000;
export const TWO_FACTOR_UNBIND_RESEND_MS = 60_000;

/** A code shown by the authenticator app. */
export const totpCodeSchema = z.string().regex(/^\d{6}$/, 'code: 6 digits');
/** A backup code as printed (`abcde-fghjk`); spaces, dashes and case are forgiven. */
export const backupCodeSchema = z
  .string()
  .min(8)
  .max(32)
  .regex(/^[A-Za-z0-9 -]+$/, 'backup_code: letters, digits, spaces or dashes');

/** Either the authenticator's current code or one backup code, never both. */
const secondFactorFields = { code: totpCodeSchema.optional(), backup_code: backupCodeSchema.optional() };
const oneFactor = (v: { code?: string | undefined; backup_code?: string | undefined }) =>
  (v.code === undefined) !== (v.backup_code === undefined);
const ONE_FACTOR = { message: 'send either code or backup_code' };

/**
 * Set in a login's `result` (with `user_id` null, no session) when the account has an authenticator:
 * send one of its codes, or a backup code, to `POST /user/public/login/2fa` with `challenge_id`.
 */
export const loginNeed2faSchema = z.object({
  challenge_id: z.string(),
  /** Seconds the step stays open. */
  expires_in: z.number().int(),
  methods: z.array(z.enum(['totp', 'backup_code'])),
});
export type LoginNeed2fa = z.infer<typeof loginNeed2faSchema>;

/**
 * `POST /user/public/login/2fa`: answers like a login (the session starts here). Wrong code: 20002
 * `{remaining_attempts}`; code of a step already used: 35304; locked: 35305 `{retry_after_seconds}`;
 * unknown, expired or used challenge: 20003.
 */
export const login2faRequestSchema = z
  .object({
    challenge_id: z.string().min(16).max(64),
    ...secondFactorFields,
    ...telegramPendingBindFields,
    ...socialPendingBindFields,
  })
  .refine(oneFactor, ONE_FACTOR);
export type Login2faRequest = z.infer<typeof login2faRequestSchema>;

/** 20002 on a second-factor code: tries left before the lock. */
export const twoFactorWrongCodeResultSchema = z.object({
  remaining_attempts: z.number().int().nonnegative(),
});
/** 35305: when to try again. */
export const twoFactorLockedResultSchema = z.object({ retry_after_seconds: z.number().int().nonnegative() });

/** `GET /user/private/google2fa/status`. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Epoch ms it was turned on; null when off. */
  enabled_at: z.number().int().nullable(),
  backup_codes_left: z.number().int().nonnegative(),
  /** Epoch ms when the e-mailed removal takes effect; null when none is scheduled. */
  unbind_effective_at: z.number().int().nullable(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorEmptyQuerySchema = z.object({});
export const twoFactorEmptyRequestSchema = z.object({}).nullish();

/** `POST /user/private/google2fa/setup`: the account password again (ASVS 6.x re-authentication). */
export const twoFactorSetupRequestSchema = encryptedPasswordSchema;
/** A new secret, not yet in force: confirm it with a code within `expires_in` seconds. */
export const twoFactorSetupResultSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** `otpauth://totp/…`: what the QR code carries. */
  otpauth_uri: z.string(),
  period: z.number().int(),
  digits: z.number().int(),
  expires_in: z.number().int(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupResultSchema>;

/** `POST /user/private/google2fa/enable`: a current code of the new secret. */
export const twoFactorEnableRequestSchema = z.object({ code: totpCodeSchema });
/** On: the backup codes, shown this once (only their keyed hashes are kept). */
export const twoFactorEnableResultSchema = z.object({
  enabled: z.literal(true),
  backup_codes: z.array(z.string()),
});
export type TwoFactorEnabled = z.infer<typeof twoFactorEnableResultSchema>;

/** `POST /user/private/google2fa/disable`: a current code, or a backup code. */
export const twoFactorDisableRequestSchema = z.object(secondFactorFields).refine(oneFactor, ONE_FACTOR);
export const twoFactorDisableResultSchema = z.object({ enabled: z.literal(false) });

/** `POST /user/private/google2fa/unbind/send-email-code` (spec §8: its 20035 reads as 35300). */
export const twoFactorUnbindSendResultSchema = z.object({
  channel: z.literal('email'),
  masked_target: z.string(),
  expires_in: z.number().int(),
  resend_in: z.number().int(),
});
export type TwoFactorUnbindSent = z.infer<typeof twoFactorUnbindSendResultSchema>;

/** `POST /user/private/google2fa/unbind`: the e-mailed code; the removal takes effect after the waiting period. */
export const twoFactorUnbindRequestSchema = z.object({ code: verifyCodeSchema });
export const twoFactorUnbindResultSchema = z.object({
  /** Epoch ms. */
  unbind_effective_at: z.number().int(),
});

/** `POST /user/private/google2fa/unbind/cancel`. */
export const twoFactorUnbindCancelResultSchema = z.object({ cancelled: z.boolean() });
