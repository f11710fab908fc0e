import * as endpoints from '@gatehouse/contract/endpoints';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  boundAccountsResultSchema,
  memberInfoResultSchema,
  profileResultSchema,
  RetCode,
  userEmptyQuerySchema,
  userInfoResultSchema,
} from '@gatehouse/contract';
import { ApiError } from '../../lib/api-error.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { boundAccountsOf, memberInfoOf, profileOf, userInfoOf } from './user.service.js';

/** The logged-in user's views. Without a valid session every one answers 10006. */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The session's account; a session whose account is gone counts as expired. */
  const accountOf = async (req: FastifyRequest) => {
    const account = await app.accounts.findById(req.auth.userId);
    if (!account) throw new ApiError(RetCode.SessionExpired);
    return account;
  };
  const common = { tags: ['user'], request: userEmptyQuerySchema };

  endpointRoute(
    app,
    endpoints.profile,
    { ...common, summary: 'KYC level and member tag', result: profileResultSchema },
    async (req) => ok(profileOf(await accountOf(req))),
  );

  endpointRoute(
    app,
    endpoints.userInfo,
    { ...common, summary: 'Masked contact details and flags', result: userInfoResultSchema },
    // has_google2fa after finishing an e-mailed authenticator removal that is due (two-factor.service.ts).
    async (req) => ok(userInfoOf(await app.twoFactor.refreshed(await accountOf(req)))),
  );

  endpointRoute(
    app,
    endpoints.memberInfo,
    { ...common, summary: 'Membership level', result: memberInfoResultSchema },
    async (req) => ok(memberInfoOf(await accountOf(req))),
  );

  endpointRoute(
    app,
    endpoints.boundAccounts,
    {
      ...common,
      summary: 'E-mail, mobile and Telegram bound to the account',
      result: boundAccountsResultSchema,
    },
    async (req) => ok(await boundAccountsOf(await accountOf(req), app.bindingLookups)),
  );
};

export default userRoutes;
