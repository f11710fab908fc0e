import * as endpoints from '@gatehouse/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CAPTCHA_SCENE,
  codeSentResultSchema,
  registerDoneResultSchema,
  registerInfoRequestSchema,
  registerInfoResultSchema,
  registerPasswordRequestSchema,
  registerRecallResultSchema,
  registerResendRequestSchema,
  registerUuidQuerySchema,
  registerVerifyRequestSchema,
  registerVerifyResultSchema,
} from '@gatehouse/contract';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { requireCaptcha } from '../captcha/index.js';
import { registerOneShotRoutes } from './one-shot.routes.js';
import { bindingForBody, bindingToStart, issueBinding, presentedBinding } from './registration-binding.js';
import { channelOf, clientMetaOf, finishSignup, siteContextOf } from './registration-http.js';

/** Code guesses and sends are also capped by the framework limit per address, before any work. */
const SEND_RATE_LIMIT = { rateLimit: { max: 20, timeWindow: 60_000 } };
const GUESS_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: 60_000 } };

const TAGS = ['registration'];

/**
 * Sign-up (spec §4 "Registration steps", §7; docs/flows/registration.md): the uuid flow here,
 * the one-shot calls of the older UI in one-shot.routes.ts. Needs the `registration` plugin
 * (registration.plugin.ts: the service, over `accounts`, `passwords`, `delivery`, `kv`, `sessions`).
 */
const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.registration;

  // The sign-up captcha (scene 31004, docs/captcha.md) guards the calls that start a flow and send
  // its first code. The resend (/send/verify/item) continues a flow that passed it: it is bound to
  // the flow's uuid and capped by the flow's cooldown and send limit, so it asks for none.
  endpointRoute(
    app,
    endpoints.registerInfo,
    {
      tags: TAGS,
      summary: 'Start a sign-up: sends a code (or a link) to the e-mail or mobile',
      request: registerInfoRequestSchema,
      result: registerInfoResultSchema,
      preValidation: requireCaptcha(CAPTCHA_SCENE.REGISTER),
      config: SEND_RATE_LIMIT,
    },
    async (req, reply) => {
      const { body } = req;
      const secret = bindingToStart(req);
      const result = await service.start(
        siteContextOf(req, body.lang),
        clientMetaOf(req, body),
        {
          identifier: body,
          residenceCountry: body.residence_country ?? null,
          residenceSubdivision: body.residence_subdivision ?? null,
          verifyType: body.verify_type,
          channel: channelOf(body),
        },
        secret,
      );
      // Only a started flow sets the cookie: a refused start answers without it.
      issueBinding(req, reply, secret);
      return ok({ ...result, ...bindingForBody(req, secret), next: 'verify' as const });
    },
  );

  endpointRoute(
    app,
    endpoints.registerVerify,
    {
      tags: TAGS,
      summary: 'Check the code (or the link token); verify_result 1 on success',
      request: registerVerifyRequestSchema,
      result: registerVerifyResultSchema,
      config: GUESS_RATE_LIMIT,
    },
    async (req) => {
      const { uuid, code, token } = req.body;
      await service.verify(
        siteContextOf(req),
        uuid,
        {
          ...(code !== undefined ? { code } : {}),
          ...(token !== undefined ? { token } : {}),
        },
        presentedBinding(req),
      );
      return ok({ verify_result: 1 as const });
    },
  );

  endpointRoute(
    app,
    endpoints.registerVerifyResult,
    {
      tags: TAGS,
      summary: 'Whether the flow is verified (the link variant polls this)',
      request: registerUuidQuerySchema,
      result: registerVerifyResultSchema,
    },
    async (req) =>
      ok({
        verify_result: await service.verifyResult(siteContextOf(req), req.query.uuid, presentedBinding(req)),
      }),
  );

  endpointRoute(
    app,
    endpoints.registerPassword,
    {
      tags: TAGS,
      summary: 'Set the password: creates the account and logs in (session cookie)',
      request: registerPasswordRequestSchema,
      result: registerDoneResultSchema,
      config: GUESS_RATE_LIMIT,
    },
    async (req, reply) => {
      const { uuid, encrypt_password, encrypt_timestamp } = req.body;
      const done = await service.commitPassword(
        siteContextOf(req),
        clientMetaOf(req, {}),
        uuid,
        { encrypt_password, encrypt_timestamp },
        channelOf(req.body),
        presentedBinding(req),
      );
      return finishSignup(req, reply, done);
    },
  );

  endpointRoute(
    app,
    endpoints.registerResend,
    {
      tags: TAGS,
      summary: 'Send a fresh code (or link); 10016 with retry_after during the cooldown',
      request: registerResendRequestSchema,
      result: codeSentResultSchema,
      config: SEND_RATE_LIMIT,
    },
    async (req) =>
      ok(
        await service.resend(siteContextOf(req), clientMetaOf(req, {}), req.body.uuid, presentedBinding(req)),
      ),
  );

  endpointRoute(
    app,
    endpoints.registerRecall,
    {
      tags: TAGS,
      summary: 'Where a half-finished sign-up resumes (recall_stage)',
      request: registerUuidQuerySchema,
      result: registerRecallResultSchema,
    },
    async (req) => ok(await service.recall(siteContextOf(req), req.query.uuid, presentedBinding(req))),
  );

  registerOneShotRoutes(app, service);
};

export default registrationRoutes;
