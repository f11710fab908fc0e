import fp from 'fastify-plugin';
import { siteOrigin, type SiteId } from '@gatehouse/contract';
import { createComplianceService, type ComplianceService } from './compliance.service.js';
import { createVisitorCountry, type VisitorCountry } from './visitor-country.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Regions and compliance (docs/flows/compliance.md): rules, residence guides, regulation. */
    compliance: ComplianceService & { visitorCountry: VisitorCountry };
  }
}

/** The sites pages send visitors to: the residence modals' global and EU, the site jump's NLD and HKG. */
const JUMP_SITES: readonly SiteId[] = ['global', 'EU', 'NLD', 'HKG'];

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
    // Where the residence modals and the site jump may send a visitor, in this page's environment.
    app.pageBootstrap.contribute(({ site, env, request }) => {
      const from = `${request.protocol}://${request.host}`;
      const siteOrigins: Partial<Record<SiteId, string>> = {};
      for (const target of JUMP_SITES) {
        if (target === site) continue;
        const origin = siteOrigin(target, from, env, app.config.siteDomains);
        if (origin) siteOrigins[target] = origin;
      }
      return { siteOrigins };
    });
  },
  { name: 'compliance', dependencies: ['web-config', 'page-bootstrap'] },
);
