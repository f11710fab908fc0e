import fp from 'fastify-plugin';
import { createComplianceService, type ComplianceService } from './compliance.service.js';
import { createVisitorCountry, type VisitorCountry } from './visitor-country.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Regions and compliance (docs/flows/compliance.md): rules, residence guides, regulation. */
    compliance: ComplianceService & { visitorCountry: VisitorCountry };
  }
}

/** Needs `web-config` (the stored rules, config and residence guides live in `web_config`). */
export default fp(
  async (app) => {
    const service = createComplianceService(async (names) => {
      const entries = await app.webConfig.entries(names, 'global');
      return new Map(entries.map((e) => [e.name, e.value]));
    });
    app.decorate('compliance', {
      ...service,
      visitorCountry: createVisitorCountry(app.config.compliance.geoipDbFile, app.log),
    });
  },
  { name: 'compliance', dependencies: ['web-config'] },
);
