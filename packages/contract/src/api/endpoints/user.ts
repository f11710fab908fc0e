import type {
  boundAccountsResultSchema,
  memberInfoResultSchema,
  profileResultSchema,
  userEmptyQuerySchema,
  userInfoResultSchema,
} from '../user.js';
import { SCHEMA_TYPES, type Endpoint } from '../endpoint.js';
import { PROFILE_PATH } from '../client-paths.js';
import { NO_STORE, PROFILE_CACHE, type Io } from './shared.js';

// ── The logged-in user ───────────────────────────────────────────────────────────────────────

export const profile = {
  method: 'GET',
  path: PROFILE_PATH,
  public: false,
  cache: PROFILE_CACHE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof userEmptyQuerySchema, typeof profileResultSchema>,
} as const satisfies Endpoint;

export const userInfo = {
  method: 'GET',
  path: '/user/private/user-info',
  public: false,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof userEmptyQuerySchema, typeof userInfoResultSchema>,
} as const satisfies Endpoint;

export const memberInfo = {
  method: 'GET',
  path: '/user/private/member/info',
  public: false,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof userEmptyQuerySchema, typeof memberInfoResultSchema>,
} as const satisfies Endpoint;

export const boundAccounts = {
  method: 'GET',
  path: '/user/private/bound-accounts',
  public: false,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof userEmptyQuerySchema, typeof boundAccountsResultSchema>,
} as const satisfies Endpoint;
