import { z } from 'zod';
import { verifyCodeSchema } from './auth-common.js';

/**
 * Self-unblock (spec §2 `/self-unblock`, §4 ban flow, §9 24 h window; docs/flows/ban.md). The
 * `self_unbind_token` cookie a 31003 login answer set names the banned account; no call takes a login
 * name. Both calls answer 31040 SelfUnbanUnavailable when there is nothing to lift here: no ban
 * behind the cookie (or no cookie), a ban the operator did not open to self-help, the 24 h window
 * after `baned_time` not yet passed, or a site that sends banned users to support instead
 * (`SiteDefinition.selfUnblock`). Server: apps/server/src/modules/self-unblock.
 */

/** The unblock code: 6 digits, valid 10 minutes, 5 attempts, one send per 60 s per account. */
export const SELF_UNBLOCK_CODE_TTL_MS = 10 * 60_000;
export const SELF_UNBLOCK_CODE_MAX_ATTEMPTS = 5;
export const SELF_UNBLOCK_CODE_RESEND_MS = 60_000;

/**
 * `POST /user/public/ban/unblock/send-code`, behind the site's login captcha (`captcha` in the body).
 * `channel` picks the account's e-mail or mobile when it has both; by default the e-mail. Too soon:
 * 10016 `{retry_after}`.
 */
export const selfUnblockSendCodeRequestSchema = z.object({
  channel: z.enum(['email', 'mobile']).optional(),
});
export const selfUnblockSendCodeResultSchema = z.object({
  channel: z.enum(['email', 'mobile']),
  /** The address the code went to, masked (`a***@example.com`, `+4477****0123`). */
  masked_target: z.string(),
  expires_in: z.number().int(),
  resend_in: z.number().int(),
});
export type SelfUnblockSent = z.infer<typeof selfUnblockSendCodeResultSchema>;

/**
 * `POST /user/public/ban/unblock`: lifts the ban with the code. Wrong code 20002 `{remaining_attempts}`,
 * none, used or spent 20003. On success the `self_unbind_token` cookie is spent and cleared.
 */
export const selfUnblockRequestSchema = z.object({ code: verifyCodeSchema });
export const selfUnblockResultSchema = z.object({ unbanned: z.literal(true) });
