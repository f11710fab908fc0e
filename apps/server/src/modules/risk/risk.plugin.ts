import fp from 'fastify-plugin';
import { createRiskService, DEFAULT_RISK_POLICY, type RiskPolicy, type RiskService } from './risk.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Failed-login counters per address and device; the login page's intercept check. */
    risk: RiskService;
  }
}

/** Needs `kv`. Root-level so login, password reset and the risk route share one service. */
export default fp<{ policy?: Partial<RiskPolicy> }>(
  async (app, opts) => {
    app.decorate('risk', createRiskService(app.kv, { ...DEFAULT_RISK_POLICY, ...opts.policy }));
  },
  { name: 'risk', dependencies: ['kv'] },
);
