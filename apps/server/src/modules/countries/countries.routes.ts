import * as endpoints from '@gatehouse/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  countryCodeResultSchema,
  emptyQuerySchema,
  countryListQuerySchema,
  countryListResultSchema,
  registerPermissionQuerySchema,
  registerPermissionResultSchema,
  type CountryEntry,
} from '@gatehouse/contract';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import {
  precomputeAnswer,
  sendPrecomputed,
  serializeAnswer,
  type PrecomputedAnswer,
} from '../../lib/precomputed-answer.js';
import { requestSite } from '../../lib/request-site.js';
import { clientCountry } from '../risk/client-country.js';
import { checkResidence } from '../registration/identifier.js';
import { countryList, registerPermission, suggestCountry } from './countries.service.js';

const TAGS = ['countries'];

/**
 * Public country data for the sign-up forms (spec §7): the country list with names in the page
 * language, the calling code to preselect, and whether sign-up is open here.
 */
const countriesRoutes: FastifyPluginAsyncZod = async (app) => {
  // The answer of each list (by language and flags; countryList() keeps one array per list) is
  // serialised and compressed once, then sent as bytes with its ETag (ADR 0019). The lists depend
  // on the code only, so they are kept as long as the process.
  const listAnswers = new WeakMap<readonly CountryEntry[], PrecomputedAnswer>();

  // The client caches the list and the permission for a minute (spec §9); the entries say so,
  // and the browser may keep them as long.
  endpointRoute(
    app,
    endpoints.countryList,
    {
      tags: TAGS,
      summary: 'Countries with names in the page language, calling codes and blocked flags',
      request: countryListQuerySchema,
      result: countryListResultSchema,
    },
    async (req, reply) => {
      const header = req.headers.lang;
      const locale = req.query.lang ?? (typeof header === 'string' && header !== '' ? header : null);
      const list = countryList({
        locale,
        includeDisabled: req.query.is_disable ?? false,
        iso: req.query.is_iso ?? false,
      });
      let answer = listAnswers.get(list);
      if (!answer) {
        answer = precomputeAnswer(serializeAnswer(reply, ok({ list: [...list] })));
        listAnswers.set(list, answer);
      }
      return sendPrecomputed(req, reply, answer);
    },
  );

  endpointRoute(
    app,
    endpoints.countryCode,
    {
      tags: TAGS,
      summary: 'The calling code to preselect (site, client country, Accept-Language)',
      request: emptyQuerySchema,
      result: countryCodeResultSchema,
    },
    async (req) => {
      const { site } = requestSite(req);
      const accept = req.headers['accept-language'];
      return ok(suggestCountry(site, clientCountry(req), typeof accept === 'string' ? accept : null));
    },
  );

  endpointRoute(
    app,
    endpoints.registerPermission,
    {
      tags: TAGS,
      summary: 'Whether sign-up is open on this site for this residence and client country',
      request: registerPermissionQuerySchema,
      result: registerPermissionResultSchema,
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
