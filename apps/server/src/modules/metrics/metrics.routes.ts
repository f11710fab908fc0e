import * as endpoints from '@gatehouse/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { metricsReportRequestSchema, metricsReportResultSchema } from '@gatehouse/contract';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { metricsLogRecord } from './metrics.service.js';
import { noteForLog } from '../../lib/request-log.js';

/**
 * A browser sends a batch at most every few seconds, and only when something went wrong; more than
 * this a minute from one address is a loop or abuse, and would only flood the log.
 */
export const METRICS_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: 60_000 } };

/**
 * `POST {apiBase}/v2/public/metrics`: the web's monitor reports (403s, answers slower than 5 s,
 * captcha errors; docs/flows/monitoring.md). Validated by the schema (bounded, paths only), rate
 * limited per address, and written to the log as one structured line; nothing is stored.
 */
const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(
    app,
    endpoints.metricsReport,
    {
      tags: ['metrics'],
      summary: 'Client monitor report: forbidden and slow calls, captcha errors',
      request: metricsReportRequestSchema,
      result: metricsReportResultSchema,
      config: METRICS_RATE_LIMIT,
    },
    async (req) => {
      const record = metricsLogRecord(req.body);
      noteForLog(req, 'warn', 'client monitor report', { clientMetrics: record });
      return ok({ accepted: record.events.length });
    },
  );
};

export default metricsRoutes;
