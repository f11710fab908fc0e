import { z } from 'zod';

/**
 * Sign-up channel calls (spec §1, §3, §7, §9; docs/flows/channels.md): referral codes, affiliates and
 * brokers, the invite summary of the dashboard, and the partner calls around a sign-up.
 */

/** Spec §5: an affiliate id is digits only (20 at most, a 64-bit number). */
export const AFFILIATE_ID_PATTERN = /^\d{1,20}$/;
/** A referral code as made by the server (8 of A–Z and 2–9 without I, O, 0, 1); typed codes are upper-cased. */
export const REFERRAL_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{8}$/;
/** A broker id as an operator names it. */
export const BROKER_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/** `scene` of `POST /s1/code/info` (spec §3). */
export const CODE_SCENE = { normal: 0, affiliate: 1, referral: 2, broker: 3 } as const;
export type CodeSceneName = keyof typeof CODE_SCENE;
export type CodeScene = (typeof CODE_SCENE)[CodeSceneName];

/** Kol group types the sign-up page shows (spec §9 "Kol group types kept 0 and 1"). */
export const KEPT_GROUP_TYPES: readonly number[] = [0, 1];

const codeText = z.string().trim().max(64);

/** `POST /s1/code/info`: what a code is. No code (or an empty one) is the normal sign-up, scene 0. */
export const codeInfoRequestSchema = z.object({ code: codeText.optional() });

export const codeInfoResultSchema = z.object({
  scene: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  /** The landing template for the scene: `normal`, `affiliate`, `referral` or `broker`. */
  tpl: z.enum(['normal', 'affiliate', 'referral', 'broker']),
  info: z.object({
    success: z.boolean(),
    /** Referral: who invited, masked (`j***@e***.com`, `+44 ***** **12`). */
    inviter: z.string().optional(),
    /** Affiliate (unless anonymous) or broker: the name shown. */
    nickname: z.string().optional(),
  }),
});

const affiliateIdSchema = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(AFFILIATE_ID_PATTERN, 'affiliate id: digits only'));

/** `POST /affiliate/apis/v1/open-info` (spec §3, §7). */
export const affiliateOpenInfoRequestSchema = z.object({
  affid: affiliateIdSchema,
  country: z.string().trim().max(8).optional(),
  group_id: z.string().trim().max(64).optional(),
});

export const affiliateGroupSchema = z.object({ content: z.string(), type: z.number().int() });

export const affiliateOpenInfoResultSchema = z.object({
  nickname: z.string(),
  headimg: z.string(),
  personality: z.object({ personalSignature: z.string(), content: z.string() }),
  /** Only types 0 and 1 (spec §9). */
  groupInfo: z.array(affiliateGroupSchema),
});

/** `POST /affiliate/v5/anonymity`. */
export const affiliateAnonymityRequestSchema = z.object({ affiliate_id: affiliateIdSchema });
export const affiliateAnonymityResultSchema = z.object({
  /** False when the affiliate chose anonymity: the sign-up page shows no card. */
  isShow: z.boolean(),
  /** The invite code a sign-up through this affiliate carries (its id). */
  code: z.string(),
});

/** `POST /user/private/invite/summary`: the dashboard's "Invite friends". */
export const inviteSummaryRequestSchema = z.object({});
export const inviteSummaryResultSchema = z.object({
  code: z.string(),
  /** People who signed up with the code. */
  invitees: z.number().int().min(0),
});

export type CodeInfoResult = z.infer<typeof codeInfoResultSchema>;
export type AffiliateOpenInfo = z.infer<typeof affiliateOpenInfoResultSchema>;
export type AffiliateGroup = z.infer<typeof affiliateGroupSchema>;
export type AffiliateAnonymity = z.infer<typeof affiliateAnonymityResultSchema>;
export type InviteSummary = z.infer<typeof inviteSummaryResultSchema>;

// ── The partner calls around a sign-up (spec §7; docs/flows/channels.md "Other channel calls") ──────

/**
 * `POST /user/public/conversion/check`: an ad or partner landing (`source`) confirms a sign-up it
 * brought converted. `data.token` must be a live session of `data.user_id` (the one the sign-up just
 * started), so nobody learns anything about an account that is not theirs: any mismatch answers false.
 */
export const conversionCheckRequestSchema = z.object({
  source: z.string().trim().min(1).max(64),
  data: z.object({
    user_id: z
      .union([z.string(), z.number()])
      .transform(String)
      .pipe(z.string().regex(/^\d{1,20}$/)),
    token: z.string().min(1).max(512),
  }),
});
export const conversionCheckResultSchema = z.object({
  /** True when the token is the account's live session and it signed up within the conversion window. */
  converted: z.boolean(),
  /** The account's sign-up scene (CODE_SCENE) when converted. */
  scene: z.number().int().optional(),
});

/** `POST /v3/private/misc/cabital/post-register`: the fiat partner's own sign-up outcome, per account. */
export const cabitalPostRegisterRequestSchema = z.object({
  channel: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, 'channel: letters, digits, _ and -'),
  uuid: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'uuid: letters, digits, _ and -'),
  status: z.enum(['success', 'pending', 'failed']),
});
export const cabitalPostRegisterResultSchema = z.object({ recorded: z.literal(true) });

/** `GET /fiat/public/channel/common-share-info?token=`: what a shared invite shows (token = invite code). */
export const commonShareInfoRequestSchema = z.object({ token: z.string().trim().min(1).max(64) });
export const commonShareInfoResultSchema = z.object({
  code: z.string(),
  scene: z.number().int(),
  /** Masked inviter (referral) or the partner's name; absent for an anonymous affiliate. */
  inviter: z.string().optional(),
  /** Below the locale prefix: where the share leads (`/invite?ref=…`, `/sign-up?affiliate_id=…`). */
  path: z.string(),
});

/** `POST /fht/growth/activity-api/v1/korea/home`: the Korean growth home's activities (web config `korea_home`). */
export const koreaHomeRequestSchema = z.object({}).passthrough();
export const koreaHomeActivitySchema = z.object({
  id: z.string(),
  title: z.string(),
  link: z.string().optional(),
  image: z.string().optional(),
});
export const koreaHomeResultSchema = z.object({ activities: z.array(koreaHomeActivitySchema) });
