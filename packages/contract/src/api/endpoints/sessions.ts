import type {
  logoutAllRequestSchema,
  logoutAllResultSchema,
  revokeOtherSessionsRequestSchema,
  revokeOtherSessionsResultSchema,
  revokeSessionRequestSchema,
  revokeSessionResultSchema,
  sessionsQuerySchema,
  sessionsResultSchema,
  signInHistoryResultSchema,
} from '../sessions.js';
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

export const sessionsList = {
  method: 'GET',
  path: '/user/private/sessions',
  public: false,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof sessionsQuerySchema, typeof sessionsResultSchema>,
} as const satisfies Endpoint;

/** One session of the account ends; its next call answers 10006. Another account's: 35501. */
export const sessionRevoke = {
  method: 'POST',
  path: '/user/private/sessions/revoke',
  public: false,
  cache: NO_STORE,
  codes: ['SessionNotFound'],
  schemas: SCHEMA_TYPES as Io<typeof revokeSessionRequestSchema, typeof revokeSessionResultSchema>,
} as const satisfies Endpoint;

/** Every session of the account but this one ends. */
export const sessionRevokeOthers = {
  method: 'POST',
  path: '/user/private/sessions/revoke-others',
  public: false,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<
    typeof revokeOtherSessionsRequestSchema,
    typeof revokeOtherSessionsResultSchema
  >,
} as const satisfies Endpoint;

export const signInHistory = {
  method: 'GET',
  path: '/user/private/sign-in-history',
  public: false,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof sessionsQuerySchema, typeof signInHistoryResultSchema>,
} as const satisfies Endpoint;
