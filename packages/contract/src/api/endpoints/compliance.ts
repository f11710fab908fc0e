import type {
  complianceConfigResultSchema,
  countryCheckResultSchema,
  rcConfigQuerySchema,
  rcConfigResultSchema,
  regulationInfoResultSchema,
  residenceGuideConfigSchema,
  residenceGuideQuerySchema,
} from '../compliance.js';
import type { emptyQuerySchema } from '../health.js';
import { SCHEMA_TYPES, type Endpoint } from '../endpoint.js';
import { MINUTE_CACHE, NO_STORE, type Io } from './shared.js';

// ── Regions and compliance (docs/flows/compliance.md) ────────────────────────────────────────

export const regulationInfo = {
  method: 'GET',
  path: '/compliance/v1/wall/regulation-info',
  public: true,
  // Spec §9: the page keeps the regulation info 10 s (REGULATION_INFO_TTL_MS); the browser as long.
  cache: { privateTtlMs: 10_000 },
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof emptyQuerySchema, typeof regulationInfoResultSchema>,
} as const satisfies Endpoint;

export const countryCheck = {
  method: 'GET',
  path: '/compliance/v1/wall/country-check',
  public: true,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof emptyQuerySchema, typeof countryCheckResultSchema>,
} as const satisfies Endpoint;

export const residenceGuideConfig = {
  method: 'GET',
  path: '/compliance/v1/residence/guide-config',
  public: true,
  cache: MINUTE_CACHE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof residenceGuideQuerySchema, typeof residenceGuideConfigSchema>,
} as const satisfies Endpoint;

export const complianceConfig = {
  method: 'GET',
  path: '/compliance/v1/config',
  public: true,
  cache: MINUTE_CACHE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof emptyQuerySchema, typeof complianceConfigResultSchema>,
} as const satisfies Endpoint;

export const rcConfig = {
  method: 'GET',
  path: '/v3/private/kyc/get-rc-config',
  public: false,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof rcConfigQuerySchema, typeof rcConfigResultSchema>,
} as const satisfies Endpoint;
