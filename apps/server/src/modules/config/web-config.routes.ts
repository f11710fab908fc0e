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
import { createAnswerCache } from '../../lib/answer-cache.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { sendPrecomputed, serializeAnswer } from '../../lib/precomputed-answer.js';
import { requestSite } from '../../lib/request-site.js';
import { WEB_CONFIG_ANSWER_TTL_MS } from './web-config.service.js';

const TAGS = ['config'];

/**
 * The client caches the answer for the entry's lifetime (spec §9). The cache-headers plugin caches
 * GET answers only, so these POST calls set the header themselves, from the same table entry.
 */
const cacheControlOf = (policy: CachePolicy) => `private, max-age=${Math.floor(cacheTtlMs(policy) / 1000)}`;

export { WEB_CONFIG_ANSWER_TTL_MS };
/** Distinct (site, keys) answers kept; the web app asks for one list, other callers may vary it. */
const WEB_CONFIG_ANSWERS_KEPT = 64;

/** Web configuration and banners (spec §7). Public: no session needed. Needs the `web-config` plugin. */
const webConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.webConfig;
  const answers = createAnswerCache({ ttlMs: WEB_CONFIG_ANSWER_TTL_MS, maxEntries: WEB_CONFIG_ANSWERS_KEPT });

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
      // The answer depends on the site and the keys only (stored rows, and contributors given the
      // site). The safe-input check refuses control characters in keys, so `\n` cannot be in one.
      const { site } = requestSite(req);
      const { keys } = req.body;
      const answer = await answers.answer(`${site}\n${keys.join('\n')}`, async () =>
        serializeAnswer(reply, ok({ data: await service.entries(keys, site) })),
      );
      reply.header('cache-control', cacheControlOf(endpoints.webConfig.cache)).header('vary', 'Lang');
      return sendPrecomputed(req, reply, answer);
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
