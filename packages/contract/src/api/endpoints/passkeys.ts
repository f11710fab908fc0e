import type { loginResultSchema } from '../login.js';
import type {
  loginPasskeyRequestSchema,
  passkeyCeremonySchema,
  passkeyEmptyQuerySchema,
  passkeyEmptyRequestSchema,
  passkeyListSchema,
  passkeyRegisterOptionsRequestSchema,
  passkeyRegisterRequestSchema,
  passkeyRegisterResultSchema,
  passkeyRemoveRequestSchema,
  passkeyRemoveResultSchema,
  passkeyRenameRequestSchema,
  passkeyRenameResultSchema,
} from '../passkeys.js';
import { SCHEMA_TYPES, type Endpoint } from '../endpoint.js';
import { ACCOUNT_STATE, NO_STORE, PASSWORD, type Io } from './shared.js';

// ── Passkeys (WebAuthn; docs/flows/passkeys.md) ────────────────────────────────────────────────

/** The password asked again before a passkey is added or removed. */
const RECHECK = ['PasswordWrong', 'TooManyPasswordErrors', ...PASSWORD] as const;

/**
 * A login ceremony: options for `navigator.credentials.get` (a discoverable credential, user
 * verification required). Its own area so the login page's first chunk does not carry it.
 */
export const loginPasskeyOptions = {
  method: 'POST',
  path: '/user/public/login/passkey/options',
  public: true,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof passkeyEmptyRequestSchema, typeof passkeyCeremonySchema>,
} as const satisfies Endpoint;

/** The assertion: a session starts (two factors: no authenticator step after it). */
export const loginPasskey = {
  method: 'POST',
  path: '/user/public/login/passkey',
  public: true,
  cache: NO_STORE,
  codes: ['PasskeyChallengeExpired', 'PasskeyRejected', ...ACCOUNT_STATE],
  schemas: SCHEMA_TYPES as Io<typeof loginPasskeyRequestSchema, typeof loginResultSchema>,
} as const satisfies Endpoint;

export const passkeyList = {
  method: 'GET',
  path: '/user/private/passkeys',
  public: false,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof passkeyEmptyQuerySchema, typeof passkeyListSchema>,
} as const satisfies Endpoint;

/** The password again, then options for `navigator.credentials.create`. */
export const passkeyRegisterOptions = {
  method: 'POST',
  path: '/user/private/passkeys/register/options',
  public: false,
  cache: NO_STORE,
  codes: ['PasskeyLimit', ...RECHECK],
  schemas: SCHEMA_TYPES as Io<typeof passkeyRegisterOptionsRequestSchema, typeof passkeyCeremonySchema>,
} as const satisfies Endpoint;

export const passkeyRegister = {
  method: 'POST',
  path: '/user/private/passkeys/register',
  public: false,
  cache: NO_STORE,
  codes: ['PasskeyChallengeExpired', 'PasskeyRejected', 'PasskeyLimit'],
  schemas: SCHEMA_TYPES as Io<typeof passkeyRegisterRequestSchema, typeof passkeyRegisterResultSchema>,
} as const satisfies Endpoint;

export const passkeyRename = {
  method: 'POST',
  path: '/user/private/passkeys/rename',
  public: false,
  cache: NO_STORE,
  codes: ['PasskeyNotFound'],
  schemas: SCHEMA_TYPES as Io<typeof passkeyRenameRequestSchema, typeof passkeyRenameResultSchema>,
} as const satisfies Endpoint;

/** Removal: the password again. */
export const passkeyRemove = {
  method: 'POST',
  path: '/user/private/passkeys/remove',
  public: false,
  cache: NO_STORE,
  codes: ['PasskeyNotFound', ...RECHECK],
  schemas: SCHEMA_TYPES as Io<typeof passkeyRemoveRequestSchema, typeof passkeyRemoveResultSchema>,
} as const satisfies Endpoint;
