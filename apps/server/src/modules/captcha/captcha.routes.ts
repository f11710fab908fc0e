import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ALTCHA_CHALLENGE_PATH,
  altchaChallengeQuerySchema,
  altchaChallengeSchema,
  CAPTCHA_INFO_LOGIN_PATH,
  CAPTCHA_INFO_SIGNUP_PATH,
  captchaInfoQuerySchema,
  captchaInfoSchema,
} from '@gatehouse/contract';
import { apiResponse, ok } from '../../lib/envelope.js';

const TAGS = ['captcha'];
/** Challenges are cheap to issue but cost the client work; a burst from one address is a bot. */
const CHALLENGE_RATE_LIMIT = { rateLimit: { max: 60, timeWindow: 60_000 } };

/** Public captcha calls (spec §7): no session, no UserToken. Needs the `captcha` plugin. */
const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ALTCHA_CHALLENGE_PATH,
    {
      schema: {
        tags: TAGS,
        summary: 'A signed proof-of-work challenge for a scene (ALTCHA v2)',
        querystring: altchaChallengeQuerySchema,
        response: apiResponse(altchaChallengeSchema),
      },
      config: CHALLENGE_RATE_LIMIT,
    },
    async (req) => ok(await app.captcha.issueChallenge(req.query.scene)),
  );

  const info = async () => ok(app.captcha.captchaInfo());
  for (const [path, summary] of [
    [CAPTCHA_INFO_LOGIN_PATH, 'Behavioural-puzzle parameters for login'],
    [CAPTCHA_INFO_SIGNUP_PATH, 'Behavioural-puzzle parameters for sign-up'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags: TAGS,
          summary,
          querystring: captchaInfoQuerySchema,
          response: apiResponse(captchaInfoSchema),
        },
      },
      info,
    );
  }
};

export default captchaRoutes;
