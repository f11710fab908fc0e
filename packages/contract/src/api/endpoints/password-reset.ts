import type {
  resetPasswordRequestSchema,
  resetPasswordResultSchema,
  resetSendCodeRequestSchema,
  resetSendCodeResultSchema,
  resetVerifyRequestSchema,
  resetVerifyResultSchema,
} from '../password-reset.js';
import { SCHEMA_TYPES, type Endpoint } from '../endpoint.js';
import { CAPTCHA, CODE_CHECK, NO_STORE, PASSWORD, type Io } from './shared.js';

// ── Password reset ───────────────────────────────────────────────────────────────────────────

export const resetSendCode = {
  method: 'POST',
  path: '/user/public/password/reset/send-code',
  public: true,
  cache: NO_STORE,
  codes: [...CAPTCHA],
  schemas: SCHEMA_TYPES as Io<typeof resetSendCodeRequestSchema, typeof resetSendCodeResultSchema>,
} as const satisfies Endpoint;

export const resetVerify = {
  method: 'POST',
  path: '/user/public/password/reset/verify',
  public: true,
  cache: NO_STORE,
  codes: [...CODE_CHECK],
  schemas: SCHEMA_TYPES as Io<typeof resetVerifyRequestSchema, typeof resetVerifyResultSchema>,
} as const satisfies Endpoint;

export const resetPassword = {
  method: 'POST',
  path: '/user/public/password/reset',
  public: true,
  cache: NO_STORE,
  codes: ['PasswordResetExpired', 'PasswordTooWeak', ...PASSWORD],
  schemas: SCHEMA_TYPES as Io<typeof resetPasswordRequestSchema, typeof resetPasswordResultSchema>,
} as const satisfies Endpoint;
