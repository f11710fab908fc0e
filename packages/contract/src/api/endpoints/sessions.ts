import type { logoutAllRequestSchema, logoutAllResultSchema } from '../sessions.js';
import { SCHEMA_TYPES, type Endpoint } from '../endpoint.js';
import { NO_STORE, type Io } from './shared.js';

// ── The user's sessions (docs/flows/sessions.md) ─────────────────────────────────────────────

/** "Log out everywhere": every session of the account ends; the next call of any of them answers 10006. */
export const logoutAll = {
  method: 'POST',
  path: '/user/private/logout-all',
  public: false,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof logoutAllRequestSchema, typeof logoutAllResultSchema>,
} as const satisfies Endpoint;
