import * as endpoints from '@gatehouse/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  complianceConfigResultSchema,
  countryCheckResultSchema,
  emptyQuerySchema,
  rcConfigQuerySchema,
  rcConfigResultSchema,
  regulationInfoResultSchema,
  residenceGuideConfigSchema,
  residenceGuideQuerySchema,
  RetCode,
} from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { requestSite } from '../../lib/request-site.js';

const TAGS = ['compliance'];

/**
 * Regions and compliance (spec §3-§7, docs/flows/compliance.md): where the visitor is and what that
 * means on this site, the residence guide, the compliance rules and static config, and the
 * account's regulation-country config. Needs the `compliance` and `accounts` plugins.
 */
const complianceRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(
    app,
    endpoints.regulationInfo,
    {
      tags: TAGS,
      summary: 'Whether this site must restrict the visitor (an EEA visitor on the main site)',
      request: emptyQuerySchema,
      result: regulationInfoResultSchema,
    },
    async (req) =>
      ok(app.compliance.regulationInfo(requestSite(req).site, await app.compliance.visitorCountry(req))),
  );

  endpointRoute(
    app,
    endpoints.countryCheck,
    {
      tags: TAGS,
      summary: "The visitor's country, whether it is served, and whether it is in the EEA",
      request: emptyQuerySchema,
      result: countryCheckResultSchema,
    },
    async (req) => ok(app.compliance.countryCheck(await app.compliance.visitorCountry(req))),
  );

  endpointRoute(
    app,
    endpoints.residenceGuideConfig,
    {
      tags: TAGS,
      summary: "A site's residence guide: redirect list and dropdown countries (showMode)",
      request: residenceGuideQuerySchema,
      result: residenceGuideConfigSchema,
    },
    async (req) => ok(await app.compliance.residenceGuide(req.query.site_id ?? requestSite(req).site)),
  );

  endpointRoute(
    app,
    endpoints.complianceConfig,
    {
      tags: TAGS,
      summary: "The static compliance config and this site's compliance rules",
      request: emptyQuerySchema,
      result: complianceConfigResultSchema,
    },
    async (req) => ok(await app.compliance.config(requestSite(req).site)),
  );

  endpointRoute(
    app,
    endpoints.rcConfig,
    {
      tags: TAGS,
      summary: "The site's regulation-country config and where the account's KYC belongs",
      request: rcConfigQuerySchema,
      result: rcConfigResultSchema,
    },
    async (req) => {
      const account = await app.accounts.findById(req.auth.userId);
      if (!account) throw new ApiError(RetCode.SessionExpired);
      return ok(
        app.compliance.rcConfig(req.query.site_id, { level: account.kycLevel, country: account.kycCountry }),
      );
    },
  );
};

export default complianceRoutes;
