import * as endpoints from '@gatehouse/contract/endpoints';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  CAPTCHA_SCENE,
  registerComplianceRequestSchema,
  registerDoneResultSchema,
  registerEmailRequestSchema,
  registerMobileRequestSchema,
  verifyRegisterEmailRequestSchema,
  verifyRegisterMobileRequestSchema,
  verifyRegisterResultSchema,
} from '@gatehouse/contract';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { requireCaptcha } from '../captcha/index.js';
import { bindingForBody, bindingToStart, issueBinding, presentedBinding } from './registration-binding.js';
import { channelOf, clientMetaOf, finishSignup, siteContextOf } from './registration-http.js';
import type { RegistrationService } from './registration.service.js';

type App = Parameters<FastifyPluginAsyncZod>[0];
type CommitBody =
  | z.infer<typeof registerEmailRequestSchema>
  | z.infer<typeof registerMobileRequestSchema>
  | z.infer<typeof registerComplianceRequestSchema>;

const TAGS = ['registration'];
const SEND_RATE_LIMIT = { rateLimit: { max: 20, timeWindow: 60_000 } };
const GUESS_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: 60_000 } };

/**
 * The older UI's sign-up (spec §7): `/verify/register/{email,mobile}` sends a code keyed by the
 * identifier, `/register/{email,mobile}` (or `/user/public/register_compliance`, residence
 * required) checks it and creates the account in one call. Same state machine and rules as the
 * uuid flow; the flow row is found by identifier and site.
 *
 * Each code send asks for the sign-up captcha (31004): with no flow id, a resend is a new send.
 * The commit does not: the code it carries was sent behind the captcha.
 */
export function registerOneShotRoutes(app: App, service: RegistrationService): void {
  const send = async (
    req: FastifyRequest,
    reply: FastifyReply,
    body:
      z.infer<typeof verifyRegisterMobileRequestSchema> | z.infer<typeof verifyRegisterEmailRequestSchema>,
  ) => {
    const secret = bindingToStart(req);
    const result = await service.oneShotStart(
      siteContextOf(req, body.lang),
      clientMetaOf(req, body),
      {
        identifier: body,
        residenceCountry: body.residence_country ?? null,
        residenceSubdivision: body.residence_subdivision ?? null,
        channel: {},
      },
      secret,
    );
    issueBinding(req, reply, secret);
    return ok({ ...result, ...bindingForBody(req, secret) });
  };

  endpointRoute(
    app,
    endpoints.verifyRegisterEmail,
    {
      tags: TAGS,
      summary: 'Send a sign-up code to an e-mail address (one-shot sign-up)',
      request: verifyRegisterEmailRequestSchema,
      result: verifyRegisterResultSchema,
      preValidation: requireCaptcha(CAPTCHA_SCENE.REGISTER),
      config: SEND_RATE_LIMIT,
    },
    async (req, reply) => send(req, reply, req.body),
  );

  endpointRoute(
    app,
    endpoints.verifyRegisterMobile,
    {
      tags: TAGS,
      summary: 'Send a sign-up code by SMS (one-shot sign-up)',
      request: verifyRegisterMobileRequestSchema,
      result: verifyRegisterResultSchema,
      preValidation: requireCaptcha(CAPTCHA_SCENE.REGISTER),
      config: SEND_RATE_LIMIT,
    },
    async (req, reply) => send(req, reply, req.body),
  );

  const commit = async (req: FastifyRequest, reply: FastifyReply, body: CommitBody) => {
    const done = await service.oneShotCommit(
      siteContextOf(req, body.lang),
      clientMetaOf(req, body),
      {
        identifier: body,
        code: body.verify_code,
        password: { encrypt_password: body.encrypt_password, encrypt_timestamp: body.encrypt_timestamp },
        residenceCountry: body.residence_country ?? null,
        residenceSubdivision: body.residence_subdivision ?? null,
        channel: channelOf(body),
      },
      presentedBinding(req),
    );
    return finishSignup(req, reply, done);
  };

  const commitOptions = { tags: TAGS, result: registerDoneResultSchema, config: GUESS_RATE_LIMIT };
  endpointRoute(
    app,
    endpoints.registerEmail,
    {
      ...commitOptions,
      summary: 'Sign up by e-mail: code + encrypted password + channel record',
      request: registerEmailRequestSchema,
    },
    async (req, reply) => commit(req, reply, req.body),
  );
  endpointRoute(
    app,
    endpoints.registerMobile,
    {
      ...commitOptions,
      summary: 'Sign up by mobile: code + encrypted password + channel record',
      request: registerMobileRequestSchema,
    },
    async (req, reply) => commit(req, reply, req.body),
  );
  endpointRoute(
    app,
    endpoints.registerCompliance,
    {
      ...commitOptions,
      summary: 'Sign up on a regulated site: as /register/*, residence_country required',
      request: registerComplianceRequestSchema,
    },
    async (req, reply) => commit(req, reply, req.body),
  );
}
