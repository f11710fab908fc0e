import { z } from 'zod';
import { userIdSchema } from './account.js';

/**
 * The logged-in user (spec §3 "Profile", "User info"; §6 KYC rule). Every call here needs a
 * session and answers 10006 without one. Server: apps/server/src/modules/user.
 */

/** `GET /v2/private/user/profile` (cached 10 s by client and browser). */
export const profileResultSchema = z.object({
  id: userIdSchema,
  kyc_person_level: z.number().int().nonnegative(),
  member_tag: z.object({ KYC: z.number().int().nonnegative() }),
});
export type Profile = z.infer<typeof profileResultSchema>;

export const userStatusSchema = z.enum(['active', 'banned', 'terminated']);

/** `GET /user/private/user-info`: contact details masked (contract `maskEmail` / `maskMobile`). */
export const userInfoResultSchema = z.object({
  id: userIdSchema,
  /** What the dashboard greets the user with: the masked e-mail, else the masked mobile. */
  username: z.string(),
  vague_email: z.string().nullable(),
  vague_mobile: z.string().nullable(),
  /** Sign-up and reset prove control of the address by a code, so a stored one is verified. */
  email_verified: z.boolean(),
  mobile_verified: z.boolean(),
  has_google2fa: z.boolean(),
  lang: z.string(),
  status: userStatusSchema,
});
export type UserInfo = z.infer<typeof userInfoResultSchema>;

/** `GET /user/private/member/info` (spec: "not shown"; Gatehouse's answer). */
export const memberInfoResultSchema = z.object({
  id: userIdSchema,
  /** 0 = regular member; VIP tiers are not modelled yet. */
  member_level: z.number().int().nonnegative(),
  vip: z.boolean(),
  kyc_person_level: z.number().int().nonnegative(),
  /** Regional site the account belongs to (spec §1 site ids). */
  site: z.string(),
  residence_country: z.string().nullable(),
  /** Epoch ms of sign-up. */
  registered_at: z.number().int(),
});
export type MemberInfo = z.infer<typeof memberInfoResultSchema>;

export const boundAccountKindSchema = z.enum(['email', 'mobile', 'telegram']);

/** `GET /user/private/bound-accounts`: the dashboard's "accounts bound to it" list, always all kinds. */
export const boundAccountsResultSchema = z.object({
  accounts: z.array(
    z.object({
      kind: boundAccountKindSchema,
      bound: z.boolean(),
      /** Masked address, number or Telegram name; null when not bound. */
      display: z.string().nullable(),
    }),
  ),
});
export type BoundAccounts = z.infer<typeof boundAccountsResultSchema>;

/** GET routes here take no query parameters; unknown ones (cache busters) are ignored. */
export const userEmptyQuerySchema = z.object({});
