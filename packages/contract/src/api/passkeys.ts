import { z } from 'zod';
import { encryptedPasswordSchema } from './auth-common.js';
import { telegramPendingBindFields } from './telegram-bind-fields.js';

/**
 * Passkeys (WebAuthn discoverable credentials): registered on the account page, used to log in on the
 * login page (a button, and the browser's autofill through conditional mediation). A passkey login
 * counts as two factors (possession and user verification). Server: apps/server/src/modules/passkeys;
 * flow and numbers: docs/flows/passkeys.md.
 */

/** A registration or login ceremony must finish within this time; its challenge is good once. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
/** Passkeys one account may hold. */
export const PASSKEY_MAX_PER_ACCOUNT = 10;
/** A passkey's name as the owner sees it in the list. */
export const PASSKEY_NAME_MAX = 64;

/** WebAuthn transports a browser may report for a new credential. */
export const PASSKEY_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

const base64url = z
  .string()
  .min(1)
  .max(4096)
  .regex(/^[A-Za-z0-9_-]+$/, 'base64url');
/** A passkey's own name: what the owner calls it ("Work laptop"). Trimmed, 1–64 characters, one line. */
export const passkeyNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(PASSKEY_NAME_MAX)
  // One line: it goes into the notice mails and the list as it is.
  .regex(/^[^\p{Cc}]+$/u, 'name: no control characters');
/** A passkey's id as the list shows it (the credential id, base64url). */
export const passkeyIdSchema = z
  .string()
  .min(1)
  .max(1024)
  .regex(/^[A-Za-z0-9_-]+$/);

/**
 * The browser's answer to a ceremony, as `@simplewebauthn/browser` serialises it (RegistrationResponseJSON /
 * AuthenticationResponseJSON). Checked in depth by `@simplewebauthn/server`; here only the shape and sizes.
 */
const credentialCommon = {
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};
export const registrationCredentialSchema = z.object({
  ...credentialCommon,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(z.enum(PASSKEY_TRANSPORTS)).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
});
export const authenticationCredentialSchema = z.object({
  ...credentialCommon,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

/**
 * Options for `navigator.credentials.create/get` as JSON (PublicKeyCredentialCreationOptionsJSON /
 * PublicKeyCredentialRequestOptionsJSON), made by `@simplewebauthn/server`; the web passes them to
 * `@simplewebauthn/browser` as they are.
 */
export const passkeyOptionsSchema = z.looseObject({ challenge: z.string() });

/** One registered passkey, as the account page lists it. */
export const passkeyInfoSchema = z.object({
  id: passkeyIdSchema,
  name: z.string(),
  /** Epoch ms. */
  created_at: z.number().int(),
  /** Epoch ms of the last login with it; null when never used. */
  last_used_at: z.number().int().nullable(),
  /** Synced across the owner's devices (a passkey manager), or bound to one authenticator. */
  synced: z.boolean(),
});
export type PasskeyInfo = z.infer<typeof passkeyInfoSchema>;

export const passkeyListSchema = z.object({ passkeys: z.array(passkeyInfoSchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;
export const passkeyEmptyQuerySchema = z.object({});
export const passkeyEmptyRequestSchema = z.object({}).nullish();

/** `register/options` and `login/passkey/options`: a ceremony started; finish it with `challenge_id`. */
export const passkeyCeremonySchema = z.object({
  challenge_id: z.string(),
  options: passkeyOptionsSchema,
  /** Seconds the challenge stays good. */
  expires_in: z.number().int(),
});
export type PasskeyCeremony = z.infer<typeof passkeyCeremonySchema>;

/** `POST /user/private/passkeys/register/options`: the password again (ASVS 7.5.1), as for the authenticator. */
export const passkeyRegisterOptionsRequestSchema = encryptedPasswordSchema;
/** `POST /user/private/passkeys/register`: the browser's new credential for that challenge. */
export const passkeyRegisterRequestSchema = z.object({
  challenge_id: z.string().min(16).max(64),
  credential: registrationCredentialSchema,
  name: passkeyNameSchema.optional(),
});
export const passkeyRegisterResultSchema = z.object({ passkey: passkeyInfoSchema });

/** `POST /user/private/passkeys/rename`. */
export const passkeyRenameRequestSchema = z.object({ id: passkeyIdSchema, name: passkeyNameSchema });
export const passkeyRenameResultSchema = z.object({ passkey: passkeyInfoSchema });

/** `POST /user/private/passkeys/remove`: the password again. */
export const passkeyRemoveRequestSchema = encryptedPasswordSchema.extend({ id: passkeyIdSchema });
export const passkeyRemoveResultSchema = z.object({ removed: z.literal(true) });

/** `POST /user/public/login/passkey`: the browser's assertion for a `login/passkey/options` challenge. */
export const loginPasskeyRequestSchema = z.object({
  challenge_id: z.string().min(16).max(64),
  credential: authenticationCredentialSchema,
  ...telegramPendingBindFields,
});
export type LoginPasskeyRequest = z.infer<typeof loginPasskeyRequestSchema>;
