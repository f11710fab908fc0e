import type { emptyQuerySchema, healthResultSchema } from '../health.js';
import type {
  bannerRequestSchema,
  bannerResultSchema,
  webConfigRequestSchema,
  webConfigResultSchema,
} from '../web-config.js';
import { SCHEMA_TYPES, type Endpoint } from '../endpoint.js';
import { MINUTE_CACHE, NO_STORE, type Io } from './shared.js';

// ── Health and configuration ─────────────────────────────────────────────────────────────────

export const health = {
  method: 'GET',
  path: '/health',
  public: true,
  cache: NO_STORE,
  codes: ['SystemBusy'],
  schemas: SCHEMA_TYPES as Io<typeof emptyQuerySchema, typeof healthResultSchema>,
} as const satisfies Endpoint;

export const webConfig = {
  method: 'POST',
  path: '/v3/config/web',
  public: true,
  cache: MINUTE_CACHE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof webConfigRequestSchema, typeof webConfigResultSchema>,
} as const satisfies Endpoint;

export const bannerConfig = {
  method: 'POST',
  path: '/v3/config/banner',
  public: true,
  cache: MINUTE_CACHE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof bannerRequestSchema, typeof bannerResultSchema>,
} as const satisfies Endpoint;
