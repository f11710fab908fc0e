import { z } from 'zod';
import { userIdSchema } from './account.js';
import { SITE_IDS } from '../sites/site-types.js';

/**
 * Quick login (spec §4 "Quick login is on when tmp_token is present on a login path", §7
 * `quick_token` / `quick_login`): a logged-in user mints a one-time token for a site, and the login
 * page of that site exchanges it for a fresh session. How the KYC site jump and the mobile app hand
 * a session to a regional site. Server: apps/server/src/modules/quick-login; docs/flows/quick-login.md.
 */

/** A token lives about a minute: long enough to open a link, short enough to be useless when leaked. */
export const QUICK_TOKEN_TTL_MS = 60_000;

/**
 * `POST /user/private/quick_token`: `site_id` is the site the token is for (default: the site asked,
 * from the Host). The environment is always the one asked: a testnet session never opens prod.
 */
export const quickTokenRequestSchema = z.object({ site_id: z.enum(SITE_IDS).optional() }).nullish();
export type QuickTokenRequest = z.infer<typeof quickTokenRequestSchema>;

export const quickTokenResultSchema = z.object({
  /** Single use; goes to the target site's login page as `?tmp_token=`. */
  tmp_token: z.string(),
  site_id: z.enum(SITE_IDS),
  /** Seconds the token stays valid. */
  expires_in: z.number().int().positive(),
});
export type QuickTokenResult = z.infer<typeof quickTokenResultSchema>;

/** `POST /user/public/quick_login`: spent, expired, unknown or for another site → 31011. */
export const quickLoginRequestSchema = z.object({ tmp_token: z.string().min(1).max(128) });
export type QuickLoginRequest = z.infer<typeof quickLoginRequestSchema>;

/** Logged in: the session cookie is set (and `token` in the envelope for `X-Session-Transport: header`). */
export const quickLoginResultSchema = z.object({ user_id: userIdSchema });
export type QuickLoginResult = z.infer<typeof quickLoginResultSchema>;
