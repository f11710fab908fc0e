import { z } from 'zod';

/**
 * The user's sessions (spec §4 "Logout and kick-out"). Server: apps/server/src/modules/session;
 * docs/flows/sessions.md.
 */

/** `POST /user/private/logout-all`: nothing to send. */
export const logoutAllRequestSchema = z.object({}).nullish();
/** Every session of the account ended, this one included; `revoked` counts them. */
export const logoutAllResultSchema = z.object({ revoked: z.number().int().nonnegative() });
export type LogoutAllResult = z.infer<typeof logoutAllResultSchema>;
