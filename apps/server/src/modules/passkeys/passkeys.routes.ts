import * as endpoints from '@gatehouse/contract/endpoints';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  passkeyCeremonySchema,
  passkeyEmptyQuerySchema,
  passkeyListSchema,
  passkeyRegisterOptionsRequestSchema,
  passkeyRegisterRequestSchema,
  passkeyRegisterResultSchema,
  passkeyRemoveRequestSchema,
  passkeyRemoveResultSchema,
  passkeyRenameRequestSchema,
  passkeyRenameResultSchema,
} from '@gatehouse/contract';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { deviceGuidOf, langOf } from '../../lib/request-context.js';
import { passkeySiteOf } from './passkey-site.js';

const TAGS = ['passkeys'];
/** Password re-checks are capped per account by the password lockout; this caps the traffic per address. */
const RATE_LIMIT = { rateLimit: { max: 20, timeWindow: 60_000 } };

/**
 * The account page's passkey calls (docs/flows/passkeys.md); all need a session. The login with a
 * passkey is a login call (modules/login). Needs the root decorator `passkeys`.
 */
const passkeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const pk = app.passkeys;
  const clientOf = (req: FastifyRequest) => ({ ip: req.ip, guid: deviceGuidOf(req) });

  endpointRoute(
    app,
    endpoints.passkeyList,
    {
      tags: TAGS,
      summary: "The account's passkeys",
      request: passkeyEmptyQuerySchema,
      result: passkeyListSchema,
    },
    async (req) => ok({ passkeys: await pk.list(req.auth.userId) }),
  );

  endpointRoute(
    app,
    endpoints.passkeyRegisterOptions,
    {
      tags: TAGS,
      summary: 'Start adding a passkey: the password again, then options for navigator.credentials.create',
      request: passkeyRegisterOptionsRequestSchema,
      result: passkeyCeremonySchema,
      config: RATE_LIMIT,
    },
    async (req) =>
      ok(await pk.registrationOptions(req.auth.userId, passkeySiteOf(req), req.body, clientOf(req))),
  );

  endpointRoute(
    app,
    endpoints.passkeyRegister,
    {
      tags: TAGS,
      summary: "Keep the browser's new passkey (its challenge is good once)",
      request: passkeyRegisterRequestSchema,
      result: passkeyRegisterResultSchema,
      config: RATE_LIMIT,
    },
    async (req) =>
      ok({
        passkey: await pk.register(req.auth.userId, passkeySiteOf(req), req.body, clientOf(req), langOf(req)),
      }),
  );

  endpointRoute(
    app,
    endpoints.passkeyRename,
    {
      tags: TAGS,
      summary: 'Rename a passkey',
      request: passkeyRenameRequestSchema,
      result: passkeyRenameResultSchema,
    },
    async (req) => ok({ passkey: await pk.rename(req.auth.userId, req.body.id, req.body.name) }),
  );

  endpointRoute(
    app,
    endpoints.passkeyRemove,
    {
      tags: TAGS,
      summary: 'Remove a passkey: the password again',
      request: passkeyRemoveRequestSchema,
      result: passkeyRemoveResultSchema,
      config: RATE_LIMIT,
    },
    async (req) => {
      const { id, ...proof } = req.body;
      await pk.remove(req.auth.userId, id, passkeySiteOf(req), proof, clientOf(req), langOf(req));
      return ok({ removed: true as const });
    },
  );
};

export default passkeysRoutes;
