import { z } from 'zod';
import { userIdSchema } from './account.js';
import {
  countryCallingCodeSchema,
  countryIsoSchema,
  emailSchema,
  encryptedPasswordSchema,
  mobileNumberSchema,
  signupChannelSchema,
  verifyCodeSchema,
} from './auth-common.js';
import { socialBindOutcomeFields, socialPendingBindFields } from './social-login.js';
import { telegramBindOutcomeFields, telegramPendingBindFields } from './telegram-bind-fields.js';

/**
 * Sign-up calls (spec §4 "Registration steps", §7). The flow is a server-side state machine
 * keyed by `uuid` (docs/flows/registration.md):
 *   POST /user/public/register/info      → code (or link) sent, stage `verify`
 *   POST /user/public/register/verify    → verify_result 1, stage `commit_password`
 *   POST /user/public/register/password  → account created and logged in, stage `commit_login`
 * plus resend (`send/verify/item`), the link variant's poll (`verify/result`) and resume
 * (`recall/info`). The one-shot calls of the older UI (`/verify/register/*`, `/register/*`,
 * `/user/public/register_compliance`) do the same in two calls keyed by the identifier.
 */

/** How the sign-up is confirmed: a 6-digit code, or a single-use link to `/{lang}/email-code-verify`. */
export const verifyTypeSchema = z.enum(['code', 'link']);
export type VerifyType = z.infer<typeof verifyTypeSchema>;

/** Platform kind of spec §1, recorded with the flow and answered by recall. */
export const platformKindSchema = z.enum(['pc', 'h5', 'pc_tg', 'ios_tg', 'android_tg']);

/** A registration flow id (UUID v4 made by the server). */
export const registerUuidSchema = z.uuid();

/** The link token of the verify-by-link variant (256 random bits, base64url). */
export const verifyLinkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'token: malformed');

/**
 * The secret that ties a sign-up flow to the browser that started it (256 random bits, base64url):
 * an HttpOnly cookie, or `X-Signup-Binding` with header transport.
 */
export const signupBindingSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'signup_binding: malformed');

/** Page locale the messages are written in (e.g. `en`, `tr-TUR`); the server falls back to the site default. */
const langSchema = z.string().regex(/^(?:[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,3})?)$/, 'lang: locale code');

/**
 * Residence (spec §5 "Residence must be confirmed"): ISO 3166-1 alpha-2, plus the subdivision
 * where the blocked list needs it (Canada: `ON` is blocked, §6). Required on regulated sites.
 */
const residenceFields = {
  residence_country: countryIsoSchema.optional(),
  residence_subdivision: z
    .string()
    .regex(/^[A-Za-z0-9]{1,3}$/)
    .toUpperCase()
    .optional(),
};

const clientFields = {
  lang: langSchema.optional(),
  platform: platformKindSchema.optional(),
  /** The register UI variant the page runs (`ui` / `show_type` A/B), echoed by recall. */
  version: z.string().trim().max(32).optional(),
};

/** E-mail, or calling code + national number; exactly one. */
const identifierFields = {
  email: emailSchema.optional(),
  country_code: countryCallingCodeSchema.optional(),
  mobile: mobileNumberSchema.optional(),
};

type IdentifierInput = {
  email?: string | undefined;
  country_code?: string | undefined;
  mobile?: string | undefined;
};

function exactlyOneIdentifier(value: IdentifierInput, ctx: z.RefinementCtx): void {
  const hasEmail = value.email !== undefined;
  const hasMobile = value.mobile !== undefined || value.country_code !== undefined;
  if (hasEmail === hasMobile) {
    ctx.addIssue({ code: 'custom', path: ['email'], message: 'send either email or country_code + mobile' });
  } else if (hasMobile && (value.mobile === undefined || value.country_code === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'mobile needs country_code' });
  }
}

// ---- the uuid flow ----

/** `POST /user/public/register/info`: start a sign-up; the code (or link) goes out. */
export const registerInfoRequestSchema = z
  .object({
    ...identifierFields,
    ...residenceFields,
    ...clientFields,
    verify_type: verifyTypeSchema.default('code'),
    ...signupChannelSchema.shape,
  })
  .superRefine(exactlyOneIdentifier);
export type RegisterInfoRequest = z.input<typeof registerInfoRequestSchema>;

/** Where a code went and when the next one may be asked for. */
export const codeSentResultSchema = z.object({
  /** The flow id; keep it (also in the URL) to verify, resend and resume. */
  uuid: registerUuidSchema,
  channel: z.enum(['email', 'mobile']),
  verify_type: verifyTypeSchema,
  /** Masked e-mail or number the message went to. */
  login_name: z.string(),
  /** Seconds the code (or link) stays valid. */
  expires_in: z.number().int(),
  /** Seconds until `send/verify/item` may be called. */
  resend_in: z.number().int(),
  /**
   * Only for clients with header transport (`X-Session-Transport: header`), on the calls that start
   * a flow: the binding to send back as `X-Signup-Binding`. Others get it as an HttpOnly cookie.
   */
  signup_binding: signupBindingSchema.optional(),
});
export type CodeSentResult = z.infer<typeof codeSentResultSchema>;

export const registerInfoResultSchema = codeSentResultSchema.extend({
  /** The next step of the flow. */
  next: z.literal('verify'),
});
export type RegisterInfoResult = z.infer<typeof registerInfoResultSchema>;

/** `POST /user/public/register/verify`: `code` (code variant) or `token` (from the link). */
export const registerVerifyRequestSchema = z
  .object({
    uuid: registerUuidSchema,
    code: verifyCodeSchema.optional(),
    token: verifyLinkTokenSchema.optional(),
  })
  .refine((v) => (v.code === undefined) !== (v.token === undefined), {
    message: 'send either code or token',
    path: ['code'],
  });
export type RegisterVerifyRequest = z.infer<typeof registerVerifyRequestSchema>;

/** Spec §3 "Register verify result": 1 verified, 0 not yet. */
export const registerVerifyResultSchema = z.object({ verify_result: z.union([z.literal(0), z.literal(1)]) });
export type RegisterVerifyResult = z.infer<typeof registerVerifyResultSchema>;

/** `result` of VERIFY_CODE_INVALID (20002): wrong codes left before the code is burnt. */
export const verifyCodeWrongResultSchema = z.object({ remaining_attempts: z.number().int() });

/** `result` of TOO_FREQUENT (10016) on sends: seconds to wait. */
export const tooFrequentResultSchema = z.object({ retry_after: z.number().int() });

/** `GET /user/public/register/verify/result?uuid=`: the link variant's first tab polls this. */
export const registerUuidQuerySchema = z.object({ uuid: registerUuidSchema });

/** `POST /user/public/register/password`: set the password; creates the account and logs in. */
export const registerPasswordRequestSchema = z.object({
  uuid: registerUuidSchema,
  ...encryptedPasswordSchema.shape,
  // The channel record may also come (or be completed) here; later values win.
  ...signupChannelSchema.shape,
  ...telegramPendingBindFields,
  ...socialPendingBindFields,
});
export type RegisterPasswordRequest = z.infer<typeof registerPasswordRequestSchema>;

/** The answer of every call that creates an account. The session is in the HttpOnly cookie. */
export const registerDoneResultSchema = z.object({
  user_id: userIdSchema,
  new_user: z.literal(true),
  /** The site the account belongs to (EU new users go to the personal KYC page, spec §2). */
  site: z.string(),
  login_name: z.string(),
  ...telegramBindOutcomeFields,
  ...socialBindOutcomeFields,
});
export type RegisterDoneResult = z.infer<typeof registerDoneResultSchema>;

/** `POST /user/public/register/send/verify/item`: send a fresh code (or link); cooldown applies. */
export const registerResendRequestSchema = z.object({ uuid: registerUuidSchema });

/**
 * Spec §4 "Register recall": where a half-finished sign-up resumes.
 * `verify` → the code step; `commit_password` → set-password; `commit_login` → `/{lang}/login?source=commit_login`.
 * (`info` → start again: the code could not be sent.)
 */
export const recallStageSchema = z.enum(['info', 'verify', 'commit_password', 'commit_login']);
export type RecallStage = z.infer<typeof recallStageSchema>;

export const registerRecallResultSchema = z.object({
  recall_stage: recallStageSchema,
  platform: z.string(),
  /** Masked. */
  login_name: z.string(),
  version: z.string(),
  channel: z.enum(['email', 'mobile']),
  verify_type: verifyTypeSchema,
});
export type RegisterRecallResult = z.infer<typeof registerRecallResultSchema>;

// ---- the one-shot calls (older UI) ----

/** `POST /verify/register/email`: send a sign-up code to this address. */
export const verifyRegisterEmailRequestSchema = z.object({
  email: emailSchema,
  ...residenceFields,
  ...clientFields,
});
/** `POST /verify/register/mobile`. */
export const verifyRegisterMobileRequestSchema = z.object({
  country_code: countryCallingCodeSchema,
  mobile: mobileNumberSchema,
  ...residenceFields,
  ...clientFields,
});
/** Both answer where the code went (`uuid` is informative: the one-shot calls key by identifier). */
export const verifyRegisterResultSchema = codeSentResultSchema;

const commitFields = {
  verify_code: verifyCodeSchema,
  ...encryptedPasswordSchema.shape,
  ...residenceFields,
  ...clientFields,
  ...signupChannelSchema.shape,
  ...telegramPendingBindFields,
  ...socialPendingBindFields,
};

/** `POST /register/email`: code + encrypted password + channel record (spec §3 register payload). */
export const registerEmailRequestSchema = z.object({ email: emailSchema, ...commitFields });
/** `POST /register/mobile`. */
export const registerMobileRequestSchema = z.object({
  country_code: countryCallingCodeSchema,
  mobile: mobileNumberSchema,
  ...commitFields,
});

/** `POST /user/public/register_compliance` (regulated sites): either identifier, residence required. */
export const registerComplianceRequestSchema = z
  .object({
    ...identifierFields,
    ...commitFields,
    residence_country: countryIsoSchema,
  })
  .superRefine(exactlyOneIdentifier);
export type RegisterComplianceRequest = z.infer<typeof registerComplianceRequestSchema>;
