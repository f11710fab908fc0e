import type { loginResultSchema } from '../login.js';
import type {
  login2faRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorDisableResultSchema,
  twoFactorEmptyQuerySchema,
  twoFactorEmptyRequestSchema,
  twoFactorEnableRequestSchema,
  twoFactorEnableResultSchema,
  twoFactorSetupRequestSchema,
  twoFactorSetupResultSchema,
  twoFactorStatusSchema,
  twoFactorUnbindCancelResultSchema,
  twoFactorUnbindRequestSchema,
  twoFactorUnbindResultSchema,
  twoFactorUnbindSendResultSchema,
} from '../two-factor.js';
import { SCHEMA_TYPES, type Endpoint } from '../endpoint.js';
import { UNBIND_GOOGLE_2FA_SEND_EMAIL_CODE_PATH } from '../client-paths.js';
import { ACCOUNT_STATE, CODE_CHECK, NO_STORE, PASSWORD, SENDS, type Io } from './shared.js';

// ── Authenticator (TOTP) two-factor authentication (docs/flows/two-factor.md) ────────────────

/** A second-factor code was checked: wrong (20002), of a used step (35304), or locked (35305). */
const SECOND_FACTOR = ['VerifyCodeInvalid', 'TwoFactorCodeReused', 'TwoFactorLocked'] as const;

/**
 * The login's authenticator step, after the password (and any new-device code). Its own area so the
 * login page's first-use chunk does not carry it; the step's lazy chunk does.
 */
export const loginTwoFactor = {
  method: 'POST',
  path: '/user/public/login/2fa',
  public: true,
  cache: NO_STORE,
  // VerifyCodeExpired: no such challenge (unknown, expired, used, or from another device).
  codes: [...SECOND_FACTOR, 'VerifyCodeExpired', ...ACCOUNT_STATE],
  schemas: SCHEMA_TYPES as Io<typeof login2faRequestSchema, typeof loginResultSchema>,
} as const satisfies Endpoint;

export const twoFactorStatus = {
  method: 'GET',
  path: '/user/private/google2fa/status',
  public: false,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof twoFactorEmptyQuerySchema, typeof twoFactorStatusSchema>,
} as const satisfies Endpoint;

/** A new secret after the password again; nothing changes until `twoFactorEnable`. */
export const twoFactorSetup = {
  method: 'POST',
  path: '/user/private/google2fa/setup',
  public: false,
  cache: NO_STORE,
  codes: ['TwoFactorAlreadyEnabled', 'PasswordWrong', 'TooManyPasswordErrors', ...PASSWORD],
  schemas: SCHEMA_TYPES as Io<typeof twoFactorSetupRequestSchema, typeof twoFactorSetupResultSchema>,
} as const satisfies Endpoint;

export const twoFactorEnable = {
  method: 'POST',
  path: '/user/private/google2fa/enable',
  public: false,
  cache: NO_STORE,
  codes: ['TwoFactorAlreadyEnabled', 'TwoFactorSetupExpired', ...SECOND_FACTOR],
  schemas: SCHEMA_TYPES as Io<typeof twoFactorEnableRequestSchema, typeof twoFactorEnableResultSchema>,
} as const satisfies Endpoint;

/** Off at once, with a current code or a backup code. */
export const twoFactorDisable = {
  method: 'POST',
  path: '/user/private/google2fa/disable',
  public: false,
  cache: NO_STORE,
  codes: ['TwoFactorNotEnabled', ...SECOND_FACTOR],
  schemas: SCHEMA_TYPES as Io<typeof twoFactorDisableRequestSchema, typeof twoFactorDisableResultSchema>,
} as const satisfies Endpoint;

/** Lost device: a code to the account's e-mail. Spec §8: its 20035 reads as 35300 on the web. */
export const twoFactorUnbindSendCode = {
  method: 'POST',
  path: UNBIND_GOOGLE_2FA_SEND_EMAIL_CODE_PATH,
  public: false,
  cache: NO_STORE,
  codes: ['Unbind2faSendCode', 'TwoFactorUnbindPending', ...SENDS],
  schemas: SCHEMA_TYPES as Io<typeof twoFactorEmptyRequestSchema, typeof twoFactorUnbindSendResultSchema>,
} as const satisfies Endpoint;

/** The e-mailed code: the removal is scheduled after the waiting period (and mailed about). */
export const twoFactorUnbind = {
  method: 'POST',
  path: '/user/private/google2fa/unbind',
  public: false,
  cache: NO_STORE,
  codes: ['TwoFactorNotEnabled', 'TwoFactorUnbindPending', ...CODE_CHECK],
  schemas: SCHEMA_TYPES as Io<typeof twoFactorUnbindRequestSchema, typeof twoFactorUnbindResultSchema>,
} as const satisfies Endpoint;

export const twoFactorUnbindCancel = {
  method: 'POST',
  path: '/user/private/google2fa/unbind/cancel',
  public: false,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof twoFactorEmptyRequestSchema, typeof twoFactorUnbindCancelResultSchema>,
} as const satisfies Endpoint;
