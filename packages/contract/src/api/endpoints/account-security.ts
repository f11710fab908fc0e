import type { changePasswordRequestSchema, changePasswordResultSchema } from '../account-security.js';
import { SCHEMA_TYPES, type Endpoint } from '../endpoint.js';
import { NO_STORE, PASSWORD, type Io } from './shared.js';

// ── Account security changes from the account page (docs/flows/sessions.md) ──────────────────

/** Current password, then the new one; other sessions end. */
export const changePassword = {
  method: 'POST',
  path: '/user/private/password/change',
  public: false,
  cache: NO_STORE,
  codes: ['PasswordWrong', 'TooManyPasswordErrors', 'PasswordTooWeak', ...PASSWORD],
  schemas: SCHEMA_TYPES as Io<typeof changePasswordRequestSchema, typeof changePasswordResultSchema>,
} as const satisfies Endpoint;
