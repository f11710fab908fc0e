import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BANNER_CONFIG_PATH,
  bannerRequestSchema,
  bannerResultSchema,
  WEB_CONFIG_PATH,
  webConfigRequestSchema,
  webConfigResultSchema,
} from '@gatehouse/contract';
import { apiResponse, ok } from '../../lib/envelope.js';
import { createWebConfigRepository } from './web-config.repository.js';
import { createWebConfigService } from './web-config.service.js';

const TAGS = ['config'];
/** The client caches the answer 60 s (spec §9); a POST needs the header set by hand. */
const CACHE_CONTROL = 'private, max-age=60';

/** Web configuration and banners (spec §7). Public: no session needed. Needs the `web-config` plugin. */
const webConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createWebConfigService(createWebConfigRepository(app.db), app.webConfig);

  app.post(
    WEB_CONFIG_PATH,
    {
      schema: {
        tags: TAGS,
        summary: 'Web config entries by name; unknown names are left out',
        body: webConfigRequestSchema,
        response: apiResponse(webConfigResultSchema),
      },
    },
    async (req, reply) => {
      const data = await service.entries(req.body.keys, req);
      reply.header('cache-control', CACHE_CONTROL).header('vary', 'Lang');
      return ok({ data });
    },
  );

  app.post(
    BANNER_CONFIG_PATH,
    {
      schema: {
        tags: TAGS,
        summary: 'Banners by key for a language (web config rows `banner:<key>`)',
        body: bannerRequestSchema,
        response: apiResponse(bannerResultSchema),
      },
    },
    async (req, reply) => {
      const language =
        req.body.properties?.language ??
        (typeof req.headers.lang === 'string' ? req.headers.lang : undefined);
      const data = await service.banners(req.body.keys, language || undefined);
      reply.header('cache-control', CACHE_CONTROL).header('vary', 'Lang');
      return ok({ data });
    },
  );
};

export default webConfigRoutes;
