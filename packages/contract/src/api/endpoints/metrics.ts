import type { metricsReportRequestSchema, metricsReportResultSchema } from '../metrics.js';
import { SCHEMA_TYPES, type Endpoint } from '../endpoint.js';
import { NO_STORE, type Io } from './shared.js';

// ── Monitoring ───────────────────────────────────────────────────────────────────────────────

/** The web's monitor reports (spec §7 "metrics", §8): 403s, slow answers, captcha errors. */
export const metricsReport = {
  method: 'POST',
  path: '/v2/public/metrics',
  public: true,
  cache: NO_STORE,
  codes: [],
  schemas: SCHEMA_TYPES as Io<typeof metricsReportRequestSchema, typeof metricsReportResultSchema>,
} as const satisfies Endpoint;
