import type {
  quickLoginRequestSchema,
  quickLoginResultSchema,
  quickTokenRequestSchema,
  quickTokenResultSchema,
} from '../quick-login.js';
import { SCHEMA_TYPES, type Endpoint } from '../endpoint.js';
import { QUICK_TOKEN_PATH } from '../client-paths.js';
import { NO_STORE, type Io } from './shared.js';

// ── Quick login (docs/flows/quick-login.md) ──────────────────────────────────────────────────

/** Private; its 10006 does not run the client's session-expiry handler (spec §4, client-paths.ts). */
export const quickToken = {
  method: 'POST',
  path: QUICK_TOKEN_PATH,
  public: false,
  cache: NO_STORE,
  // Forbidden: quick login is switched off (web config feature_flags.quickLogin).
  codes: ['Forbidden'],
  schemas: SCHEMA_TYPES as Io<typeof quickTokenRequestSchema, typeof quickTokenResultSchema>,
} as const satisfies Endpoint;

export const quickLogin = {
  method: 'POST',
  path: '/user/public/quick_login',
  public: true,
  cache: NO_STORE,
  // Also when quick login is switched off: the page falls back to the form either way.
  codes: ['QuickLoginInvalid'],
  schemas: SCHEMA_TYPES as Io<typeof quickLoginRequestSchema, typeof quickLoginResultSchema>,
} as const satisfies Endpoint;
