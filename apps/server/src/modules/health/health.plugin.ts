import fp from 'fastify-plugin';
import { createHealthService, type HealthService } from './health.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Readiness checks for `GET {apiBase}/health` (health.routes.ts). */
    health: HealthService;
  }
}

/** Needs `store`. */
export default fp(
  async (app) => {
    app.decorate('health', createHealthService(app.db));
  },
  { name: 'health', dependencies: ['store'] },
);
