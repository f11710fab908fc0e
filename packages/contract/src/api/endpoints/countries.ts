import type {
  countryCodeResultSchema,
  countryListQuerySchema,
  countryListResultSchema,
  registerPermissionQuerySchema,
  registerPermissionResultSchema,
} from '../countries.js';
import type { emptyQuerySchema } from '../health.js';
import { SCHEMA_TYPES, type Endpoint } from '../endpoint.js';
import { MINUTE_CACHE, NO_STORE, type Io } from './shared.js';

// ── Countries and sign-up permission ─────────────────────────────────────────────────────────

export const countryList = {
  method: 'GET',
  path: '/v2/public/country-list',
  public: true,
  cache: MINUTE_CACHE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof countryListQuerySchema, typeof countryListResultSchema>,
} as const satisfies Endpoint;

export const countryCode = {
  method: 'GET',
  path: '/register/countryCode',
  public: true,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof emptyQuerySchema, typeof countryCodeResultSchema>,
} as const satisfies Endpoint;

export const registerPermission = {
  method: 'GET',
  path: '/register/permission_v2',
  public: true,
  cache: MINUTE_CACHE,
  codes: ['ResidenceCountryBlocked'],
  schemas: SCHEMA_TYPES as Io<typeof registerPermissionQuerySchema, typeof registerPermissionResultSchema>,
} as const satisfies Endpoint;
