import { z } from 'zod';
import { encryptedPasswordSchema, verifyCodeSchema } from './auth-common.js';
import { hasOneIdentifier, identifierFields } from './login.js';

/**
 * Forgot password (not in the spec; issue 4). Three calls, each keyed by the same identifier as
 * login (e-mail, or calling code + mobile). The answers never reveal whether an account exists.
 * Server: apps/server/src/modules/password-reset; flow: docs/flows/login.md.
 */

const ONE_IDENTIFIER = { message: 'send either email, or country_code and mobile' };

/** Reset code: 6 digits, valid 10 minutes, 5 attempts, one send per 60 s per identifier. */
export const RESET_CODE_TTL_MS = 10 * 60_000;
export const RESET_CODE_MAX_ATTEMPTS = 5;
export const RESET_CODE_RESEND_MS = 60_000;
/** The reset token from a verified code is valid this long, once. */
export const RESET_TOKEN_TTL_MS = 15 * 60_000;

/** `POST /user/public/password/reset/send-code`. */
export const resetSendCodeRequestSchema = z.object(identifierFields).refine(hasOneIdentifier, ONE_IDENTIFIER);
export const resetSendCodeResultSchema = z.object({
  /** Always true: the same answer whether or not the account exists. */
  accepted: z.literal(true),
  channel: z.enum(['email', 'mobile']),
  expires_in: z.number().int(),
  /** Seconds until the next send-code for this identifier; earlier: 10016 `{retry_after}`. */
  resend_in: z.number().int(),
});

/** `POST /user/public/password/reset/verify`. Wrong code 20002 `{remaining_attempts}`, none or used up 20003. */
export const resetVerifyRequestSchema = z
  .object({ ...identifierFields, code: verifyCodeSchema })
  .refine(hasOneIdentifier, ONE_IDENTIFIER);
export const resetVerifyResultSchema = z.object({
  reset_token: z.string(),
  expires_in: z.number().int(),
});

/**
 * `POST /user/public/password/reset`: sets the new password, ends every session of the account,
 * clears the lockout and sends a "password changed" notice. Bad token: 31050.
 */
export const resetPasswordRequestSchema = z.object({
  reset_token: z.string().min(20).max(64),
  ...encryptedPasswordSchema.shape,
});
export const resetPasswordResultSchema = z.object({ password_changed: z.literal(true) });
