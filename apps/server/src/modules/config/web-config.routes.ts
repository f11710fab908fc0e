import * as endpoints from '@gatehouse/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bannerRequestSchema,
  bannerResultSchema,
  cacheTtlMs,
  webConfigRequestSchema,
  webConfigResultSchema,
  type CachePolicy,
} from '@gatehouse/contract';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';

const TAGS = ['config'];

/**
 * The client caches the answer for the entry's lifetime (spec §9). The cache-headers plugin caches
 * GET answers only, so these POST calls set the header themselves, from the same table entry.
 */
const cacheControlOf = (policy: CachePolicy) => `private, max-age=${Math.floor(cacheTtlMs(policy) / 1000)}`;

/** Web configuration and banners (spec §7). Public: no session needed. Needs the `web-config` plugin. */
const webConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.webConfig;

  endpointRoute(
    app,
    endpoints.webConfig,
    {
      tags: TAGS,
      summary: 'Web config entries by name; unknown names are left out',
      request: webConfigRequestSchema,
      result: webConfigResultSchema,
    },
    async (req, reply) => {
      const data = await service.entries(req.body.keys, req);
      reply.header('cache-control', cacheControlOf(endpoints.webConfig.cache)).header('vary', 'Lang');
      return ok({ data });
    },
  );

  endpointRoute(
    app,
    endpoints.bannerConfig,
    {
      tags: TAGS,
      summary: 'Banners by key for a language (web config rows `banner:<key>`)',
      request: bannerRequestSchema,
      result: bannerResultSchema,
    },
    async (req, reply) => {
      const language =
        req.body.properties?.language ??
        (typeof req.headers.lang === 'string' ? req.headers.lang : undefined);
      const data = await service.banners(req.body.keys, language || undefined);
      reply.header('cache-control', cacheControlOf(endpoints.bannerConfig.cache)).header('vary', 'Lang');
      return ok({ data });
    },
  );
};

export default webConfigRoutes;
