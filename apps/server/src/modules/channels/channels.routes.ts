import * as endpoints from '@gatehouse/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cabitalPostRegisterRequestSchema,
  cabitalPostRegisterResultSchema,
  commonShareInfoRequestSchema,
  commonShareInfoResultSchema,
  conversionCheckRequestSchema,
  conversionCheckResultSchema,
  koreaHomeRequestSchema,
  koreaHomeResultSchema,
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
import { requestSite } from '../../lib/request-site.js';
import { koreaActivities, KOREA_HOME_CONFIG_KEY } from './korea-home.js';

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

  endpointRoute(
    app,
    endpoints.conversionCheck,
    {
      tags: TAGS,
      summary: "A partner's sign-up converted: true only for the account's own live session",
      request: conversionCheckRequestSchema,
      result: conversionCheckResultSchema,
      config: LOOKUP_RATE_LIMIT,
    },
    async (req) => ok(await service.conversionCheck(req.body.data.user_id, req.body.data.token)),
  );

  endpointRoute(
    app,
    endpoints.cabitalPostRegister,
    {
      tags: TAGS,
      summary: "Record the fiat partner's sign-up outcome for this account and channel",
      request: cabitalPostRegisterRequestSchema,
      result: cabitalPostRegisterResultSchema,
    },
    async (req) => {
      const { channel, uuid, status } = req.body;
      await service.recordPartnerRegistration(req.auth.userId, channel, uuid, status);
      return ok({ recorded: true as const });
    },
  );

  endpointRoute(
    app,
    endpoints.commonShareInfo,
    {
      tags: TAGS,
      summary: 'What a shared invite (its code) shows and where it leads',
      request: commonShareInfoRequestSchema,
      result: commonShareInfoResultSchema,
      config: LOOKUP_RATE_LIMIT,
    },
    async (req) => ok(await service.shareInfo(req.query.token)),
  );

  endpointRoute(
    app,
    endpoints.koreaHome,
    {
      tags: TAGS,
      summary: "The Korean growth home's activities (web config korea_home)",
      request: koreaHomeRequestSchema,
      result: koreaHomeResultSchema,
    },
    async (req) => {
      const [entry] = await app.webConfig.entries([KOREA_HOME_CONFIG_KEY], requestSite(req).site);
      return ok({ activities: koreaActivities(entry?.value) });
    },
  );
};

export default channelsRoutes;
