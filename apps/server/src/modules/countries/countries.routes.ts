import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  countryCodeResultSchema,
  countryListQuerySchema,
  countryListResultSchema,
  registerPermissionQuerySchema,
  registerPermissionResultSchema,
} from '@gatehouse/contract';
import { z } from 'zod';
import { apiResponse, ok } from '../../lib/envelope.js';
import { requestSite } from '../../lib/request-site.js';
import { clientCountry } from '../risk/client-country.js';
import { checkResidence } from '../registration/identifier.js';
import { countryList, registerPermission, suggestCountry } from './countries.service.js';

/** The client caches these for 60 s (spec §9 response cache ttl); the browser may too. */
const CACHE_60S = { cacheTtlMs: 60_000 };
const TAGS = ['countries'];

/**
 * Public country data for the sign-up forms (spec §7): the country list with names in the page
 * language, the calling code to preselect, and whether sign-up is open here.
 */
const countriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/public/country-list',
    {
      schema: {
        tags: TAGS,
        summary: 'Countries with names in the page language, calling codes and blocked flags',
        querystring: countryListQuerySchema,
        response: apiResponse(countryListResultSchema),
      },
      config: CACHE_60S,
    },
    async (req) => {
      const header = req.headers.lang;
      const locale = req.query.lang ?? (typeof header === 'string' && header !== '' ? header : null);
      const list = countryList({
        locale,
        includeDisabled: req.query.is_disable ?? false,
        iso: req.query.is_iso ?? false,
      });
      return ok({ list: [...list] });
    },
  );

  app.get(
    '/register/countryCode',
    {
      schema: {
        tags: TAGS,
        summary: 'The calling code to preselect (site, client country, Accept-Language)',
        querystring: z.object({}),
        response: apiResponse(countryCodeResultSchema),
      },
    },
    async (req) => {
      const { site } = requestSite(req);
      const accept = req.headers['accept-language'];
      return ok(suggestCountry(site, clientCountry(req), typeof accept === 'string' ? accept : null));
    },
  );

  app.get(
    '/register/permission_v2',
    {
      schema: {
        tags: TAGS,
        summary: 'Whether sign-up is open on this site for this residence and client country',
        querystring: registerPermissionQuerySchema,
        response: apiResponse(registerPermissionResultSchema),
      },
      config: CACHE_60S,
    },
    async (req) => {
      const { site } = requestSite(req);
      const country = req.query.residence_country ?? null;
      // A blocked residence is refused outright (41126), as every sign-up call refuses it.
      if (country !== null) checkResidence(site, country, req.query.residence_subdivision ?? null);
      return ok(registerPermission({ site, clientCountry: clientCountry(req) }));
    },
  );
};

export default countriesRoutes;
