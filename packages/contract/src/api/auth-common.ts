import { z } from 'zod';

/**
 * Fields shared by the sign-up and login payloads (spec §3). Both sides use these schemas:
 * the server validates with them, the web app takes its request types from them.
 */

/** E-mail as typed; normalised (trimmed, lower-cased) so uniqueness cannot be dodged by case. */
export const emailSchema = z.string().trim().max(254).toLowerCase().pipe(z.email());

/** Calling code without "+" (e.g. "44") and the national number as typed; the server normalises to E.164. */
export const countryCallingCodeSchema = z.string().regex(/^\d{1,4}$/, 'country_code: 1-4 digits');
export const mobileNumberSchema = z
  .string()
  .trim()
  .regex(/^[\d\s()-]{4,20}$/, 'mobile: digits only');

/** ISO 3166-1 alpha-2 country of residence. */
export const countryIsoSchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .toUpperCase();

export const verifyCodeSchema = z.string().regex(/^\d{6}$/, 'code: 6 digits');

/** The browser encrypts password + timestamp with the environment's RSA public key; the plain password never travels. */
export const encryptedPasswordSchema = z.object({
  // base64 of version | RSA-wrapped AES key | iv | AES-GCM(password + timestamp) | tag: 128 four-byte
  // characters with a 2048-bit key are 1080 characters, with a 4096-bit key about 1420 (ADR 0005).
  encrypt_password: z
    .string()
    .min(16)
    .max(2048)
    .regex(/^[A-Za-z0-9+/=_-]+$/),
  encrypt_timestamp: z.string().regex(/^\d{13}$/),
});
export type EncryptedPassword = z.infer<typeof encryptedPasswordSchema>;

const shortText = z.string().trim().max(128);

/** ext_json of the register payload. eu_subscription travels as 1/0. */
export const registerExtJsonSchema = z
  .object({
    tg_source: shortText.optional(),
    eu_subscription: z.union([z.literal(0), z.literal(1)]).optional(),
    is_manual_input: z.union([z.literal(0), z.literal(1), z.boolean()]).optional(),
  })
  .strict();

/**
 * Sign-up channel record (referral, affiliate, broker, UTM…), stored with the account.
 * Names follow the query parameters of spec §2.
 */
export const signupChannelSchema = z.object({
  regist_channel: shortText.optional(),
  register_channel: shortText.optional(),
  url: z.string().trim().max(2048).optional(),
  user_code: shortText.optional(),
  affiliate_id: z
    .string()
    .regex(/^\d{1,20}$/, 'affiliate_id: digits only')
    .optional(),
  group_id: shortText.optional(),
  group_type: shortText.optional(),
  brokerId: shortText.optional(),
  ref: shortText.optional(),
  referrer: shortText.optional(),
  medium: shortText.optional(),
  content: shortText.optional(),
  utmsource: shortText.optional(),
  source: shortText.optional(),
  campaign: shortText.optional(),
  stage: shortText.optional(),
  term: shortText.optional(),
  tag: shortText.optional(),
  language: shortText.optional(),
  ext_json: registerExtJsonSchema.optional(),
  /** client_id of the OAuth flow that led here, or "not_found". */
  oauth_tmp_login_id: shortText.optional(),
  telegram_callback: z.string().max(4096).optional(),
  telegram_callback_mini: z.string().max(4096).optional(),
});
export type SignupChannel = z.infer<typeof signupChannelSchema>;

/** Either an e-mail or a mobile number identifies the account. */
export const accountIdentifierSchema = z.union([
  z.object({ email: emailSchema }).strict(),
  z.object({ country_code: countryCallingCodeSchema, mobile: mobileNumberSchema }).strict(),
]);
