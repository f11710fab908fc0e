import { z } from 'zod';

/** `GET /health` (load balancers and probes): liveness, and whether the store answers. */
export const healthResultSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'error']),
});
export type HealthResult = z.infer<typeof healthResultSchema>;

/** A call that takes no input: GET without query parameters. */
export const emptyQuerySchema = z.object({});
