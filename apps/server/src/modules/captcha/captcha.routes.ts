import * as endpoints from '@gatehouse/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  altchaChallengeQuerySchema,
  altchaChallengeSchema,
  captchaInfoQuerySchema,
  captchaInfoSchema,
} from '@gatehouse/contract';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';

const TAGS = ['captcha'];
/** Challenges are cheap to issue but cost the client work; a burst from one address is a bot. */
const CHALLENGE_RATE_LIMIT = { rateLimit: { max: 60, timeWindow: 60_000 } };

/** Public captcha calls (spec §7): no session, no UserToken. Needs the `captcha` plugin. */
const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(
    app,
    endpoints.altchaChallenge,
    {
      tags: TAGS,
      summary: 'A signed proof-of-work challenge for a scene (ALTCHA v2)',
      request: altchaChallengeQuerySchema,
      result: altchaChallengeSchema,
      config: CHALLENGE_RATE_LIMIT,
    },
    async (req) => ok(await app.captcha.issueChallenge(req.query.scene)),
  );

  const info = async () => ok(app.captcha.captchaInfo());
  const infoSchemas = { tags: TAGS, request: captchaInfoQuerySchema, result: captchaInfoSchema };
  endpointRoute(
    app,
    endpoints.captchaInfoLogin,
    { ...infoSchemas, summary: 'Behavioural-puzzle parameters for login' },
    info,
  );
  endpointRoute(
    app,
    endpoints.captchaInfoSignup,
    { ...infoSchemas, summary: 'Behavioural-puzzle parameters for sign-up' },
    info,
  );
};

export default captchaRoutes;
