import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  boundAccountsResultSchema,
  memberInfoResultSchema,
  PROFILE_CACHE_TTL_MS,
  profileResultSchema,
  RetCode,
  userEmptyQuerySchema,
  userInfoResultSchema,
} from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import { apiResponse, ok } from '../../lib/envelope.js';
import { requireSession } from '../../plugins/session.js';
import { boundAccountsOf, memberInfoOf, profileOf, userInfoOf } from './user.service.js';

/** The logged-in user's views. Without a valid session every one answers 10006. */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The session's account; a session whose account is gone counts as expired. */
  const accountOf = async (req: FastifyRequest) => {
    const account = await app.accounts.findById(req.auth.userId);
    if (!account) throw new ApiError(RetCode.SESSION_EXPIRED);
    return account;
  };
  const common = { tags: ['user'], querystring: userEmptyQuerySchema };

  app.get(
    '/v2/private/user/profile',
    {
      preHandler: requireSession,
      schema: { ...common, summary: 'KYC level and member tag', response: apiResponse(profileResultSchema) },
      // Spec §9: the client keeps the profile 10 s; the browser may too (private, Vary: Cookie).
      config: { cacheTtlMs: PROFILE_CACHE_TTL_MS },
    },
    async (req) => ok(profileOf(await accountOf(req))),
  );

  app.get(
    '/user/private/user-info',
    {
      preHandler: requireSession,
      schema: {
        ...common,
        summary: 'Masked contact details and flags',
        response: apiResponse(userInfoResultSchema),
      },
    },
    async (req) => ok(userInfoOf(await accountOf(req))),
  );

  app.get(
    '/user/private/member/info',
    {
      preHandler: requireSession,
      schema: { ...common, summary: 'Membership level', response: apiResponse(memberInfoResultSchema) },
    },
    async (req) => ok(memberInfoOf(await accountOf(req))),
  );

  app.get(
    '/user/private/bound-accounts',
    {
      preHandler: requireSession,
      schema: {
        ...common,
        summary: 'E-mail, mobile and Telegram bound to the account',
        response: apiResponse(boundAccountsResultSchema),
      },
    },
    async (req) => ok(await boundAccountsOf(await accountOf(req), app.bindingLookups)),
  );
};

export default userRoutes;
