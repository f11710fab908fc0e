import { z } from 'zod';
import { encryptedPasswordSchema } from './auth-common.js';

/**
 * Changes to how the account is logged in to, from the account page (issue 17): the password, with
 * the current one required. Server: apps/server/src/modules/account-security; docs/flows/sessions.md.
 */

/**
 * `POST /user/private/password/change`: the current password (counted toward the login lockout like
 * every re-authentication: 31002 / 31004) and the new one, each encrypted as at login. The new one
 * follows the password policy (31020 `{reason}`). Every other session of the account ends, this one
 * stays; the account is told by mail.
 */
export const changePasswordRequestSchema = z.object({
  current: encryptedPasswordSchema,
  new_password: encryptedPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
export const changePasswordResultSchema = z.object({
  password_changed: z.literal(true),
  /** How many other sessions ended. */
  sessions_ended: z.number().int().nonnegative(),
});
export type ChangePasswordResult = z.infer<typeof changePasswordResultSchema>;
