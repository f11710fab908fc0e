import * as endpoints from '@gatehouse/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  affiliateAnonymityRequestSchema,
  affiliateAnonymityResultSchema,
  affiliateOpenInfoRequestSchema,
  affiliateOpenInfoResultSchema,
  codeInfoRequestSchema,
  codeInfoResultSchema,
  inviteSummaryRequestSchema,
  inviteSummaryResultSchema,
} from '@gatehouse/contract';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';

const TAGS = ['channels'];
/** Codes are looked up one by one; a visitor needs a handful, a code-guesser is slowed down. */
const LOOKUP_RATE_LIMIT = { rateLimit: { max: 60, timeWindow: 60_000 } };

/**
 * Sign-up channels (spec §3, §7; docs/flows/channels.md): what a code is, an affiliate's card and
 * anonymity, and the account's own invite code. Needs the `channels` plugin.
 */
const channelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.channels;

  endpointRoute(
    app,
    endpoints.codeInfo,
    {
      tags: TAGS,
      summary: 'What a referral, affiliate or broker code is (scene, tpl, info)',
      request: codeInfoRequestSchema,
      result: codeInfoResultSchema,
      config: LOOKUP_RATE_LIMIT,
    },
    async (req) => ok(await service.codeInfo(req.body.code)),
  );

  endpointRoute(
    app,
    endpoints.affiliateOpenInfo,
    {
      tags: TAGS,
      summary: "An affiliate's public card; only group types 0 and 1",
      request: affiliateOpenInfoRequestSchema,
      result: affiliateOpenInfoResultSchema,
      config: LOOKUP_RATE_LIMIT,
    },
    async (req) => ok(await service.openInfo(req.body.affid, req.body.group_id || undefined)),
  );

  endpointRoute(
    app,
    endpoints.affiliateAnonymity,
    {
      tags: TAGS,
      summary: 'Whether the sign-up page shows the affiliate (isShow) and its invite code',
      request: affiliateAnonymityRequestSchema,
      result: affiliateAnonymityResultSchema,
      config: LOOKUP_RATE_LIMIT,
    },
    async (req) => ok(await service.anonymity(req.body.affiliate_id)),
  );

  endpointRoute(
    app,
    endpoints.inviteSummary,
    {
      tags: TAGS,
      summary: "The account's invite code and how many signed up with it",
      request: inviteSummaryRequestSchema,
      result: inviteSummaryResultSchema,
    },
    async (req) => ok(await service.inviteSummary(req.auth.userId)),
  );
};

export default channelsRoutes;
