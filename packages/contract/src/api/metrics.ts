import { z } from 'zod';
import { captchaSceneSchema } from './captcha.js';

/**
 * `POST /v2/public/metrics` (spec §7 names the path; §8: 403s and answers over 5 s are reported;
 * §4: captcha errors are tracked). The web's monitor hooks batch what they see and send it here;
 * the server validates it, rate-limits it per address and writes it to its log (docs/flows/monitoring.md).
 *
 * Everything is bounded, and nothing that can carry a secret is accepted: paths only (no query or
 * fragment: sign-up links and OAuth codes travel there), no headers, no bodies.
 */

/** The most events in one report; the web sends at most this many per batch. */
export const METRICS_MAX_EVENTS = 20;
/** The longest path accepted (page or API call). */
export const METRICS_MAX_PATH = 200;
/** The longest captcha error message accepted (the web cuts it to this). */
export const METRICS_MAX_MESSAGE = 200;

const pathSchema = z
  .string()
  .max(METRICS_MAX_PATH)
  .regex(/^\/[^\s?#]*$/, 'a path without query or fragment');

export const metricsRequestEventSchema = z.object({
  /** `forbidden`: the answer was 403; `slow`: it took longer than 5000 ms (SLOW_REQUEST_MS). */
  kind: z.enum(['forbidden', 'slow']),
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  /** The call's path (below the origin, query and fragment removed). */
  path: pathSchema,
  /** HTTP status; 0 when no answer came back. */
  status: z.number().int().min(0).max(599),
  duration_ms: z.number().int().min(0).max(600_000),
});

export const metricsCaptchaEventSchema = z.object({
  kind: z.literal('captcha'),
  /** `error`: one captcha failed (the next is tried); `unavailable`: every captcha failed. */
  event: z.enum(['error', 'unavailable']),
  scene: captchaSceneSchema,
  type: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/)
    .optional(),
  stage: z.enum(['load', 'show', 'solve']).optional(),
  message: z.string().max(METRICS_MAX_MESSAGE).optional(),
});

export const metricsEventSchema = z.discriminatedUnion('kind', [
  metricsRequestEventSchema,
  metricsCaptchaEventSchema,
]);

export const metricsReportRequestSchema = z.object({
  /** The page the events happened on (its path only). */
  page: pathSchema,
  events: z.array(metricsEventSchema).min(1).max(METRICS_MAX_EVENTS),
});

export const metricsReportResultSchema = z.object({ accepted: z.number().int() });

export type MetricsEvent = z.infer<typeof metricsEventSchema>;
export type MetricsReportRequest = z.infer<typeof metricsReportRequestSchema>;
