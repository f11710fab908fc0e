import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OAUTH_PATHS,
  OAUTH_SCOPES,
  oauthMetadataSchema,
  oauthProtocolErrorSchema,
  oauthTokenResponseSchema,
  oauthUserinfoSchema,
  type OAuthMetadata,
} from '@gatehouse/contract';
import { z } from 'zod';
import { clientCredentialsOf } from './oauth-client-auth.js';
import { isFormRequest, useFormBody } from './oauth-form-body.js';
import { issuerOf } from './oauth-issuer.js';
import { OAuthProtocolError } from './oauth-protocol-error.js';
import { noteForLog } from '../../lib/request-log.js';

const param = z.string().max(4096).optional();

const tokenBodySchema = z.object({
  grant_type: param,
  code: param,
  redirect_uri: param,
  code_verifier: param,
  refresh_token: param,
  scope: param,
  client_id: param,
  client_secret: param,
});

const revokeBodySchema = z.object({
  token: param,
  token_type_hint: param,
  client_id: param,
  client_secret: param,
});

/** Guesses at codes, secrets and tokens are capped per address (the API's baseline covers only the API). */
const PROTOCOL_RATE_LIMIT = { rateLimit: { max: 60, timeWindow: 60_000 } };

/** RFC 6749 §5.1: token answers (and errors) must never be cached. */
function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
}

function requireIssuer(request: FastifyRequest): string {
  const found = issuerOf(request);
  if (!found) throw new OAuthProtocolError('invalid_request', 'unknown host');
  return found.issuer;
}

/**
 * The endpoints OAuth clients call: token, revocation, userinfo and the RFC 8414 metadata. They
 * speak RFC 6749 JSON, not the envelope, and live outside the API base, so neither the envelope
 * nor the CSRF guard applies: clients are servers posting forms, authenticated by their
 * credentials and PKCE, not by a cookie (docs/oauth.md). No CORS: browser-only apps should use a
 * backend (the demo client does).
 */
const oauthProtocolRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.oauth.token;
  useFormBody(app);

  app.setErrorHandler((err, request, reply) => {
    let failure: OAuthProtocolError;
    if (err instanceof OAuthProtocolError) failure = err;
    else if (hasZodFastifySchemaValidationErrors(err))
      failure = new OAuthProtocolError('invalid_request', 'malformed request');
    else {
      const status = (err as Partial<FastifyError>).statusCode ?? 500;
      if (status === 429) failure = new OAuthProtocolError('invalid_request', 'too many requests', 429);
      else if (status >= 400 && status < 500)
        failure = new OAuthProtocolError('invalid_request', 'malformed request');
      else {
        noteForLog(request, 'error', 'oauth request failed', { err });
        failure = new OAuthProtocolError('server_error', 'internal error', 500);
      }
    }
    if (failure.status < 500) noteForLog(request, 'info', 'oauth request refused', { error: failure.error });
    if (failure.wwwAuthenticate) void reply.header('www-authenticate', failure.wwwAuthenticate);
    return noStore(reply)
      .code(failure.status)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ error: failure.error, error_description: failure.description }));
  });

  // Before a byte of the body is read: these endpoints take forms only (RFC 6749 §4.1.3, RFC 7009 §2.1).
  const formOnly = async (request: FastifyRequest) => {
    if (!isFormRequest(request.headers['content-type']))
      throw new OAuthProtocolError('invalid_request', 'use application/x-www-form-urlencoded');
  };

  app.post(
    OAUTH_PATHS.token,
    {
      config: PROTOCOL_RATE_LIMIT,
      preParsing: async (request, _reply, payload) => {
        await formOnly(request);
        return payload;
      },
      schema: {
        hide: true,
        body: tokenBodySchema,
        response: { 200: oauthTokenResponseSchema, '4xx': oauthProtocolErrorSchema },
      },
    },
    async (req, reply) => {
      const issuer = requireIssuer(req);
      const body = req.body;
      const grant = body.grant_type;
      if (!grant) throw new OAuthProtocolError('invalid_request', 'grant_type is required');
      // Only these two: no implicit, password or client-credentials grant (RFC 9700 §2.4).
      if (grant !== 'authorization_code' && grant !== 'refresh_token')
        throw new OAuthProtocolError('unsupported_grant_type', 'use authorization_code or refresh_token');
      const client = await service.authenticate(clientCredentialsOf(req, body));
      const tokens =
        grant === 'authorization_code'
          ? await service.exchangeCode(client, body, issuer)
          : await service.refresh(client, body);
      noStore(reply);
      return tokens;
    },
  );

  app.post(
    OAUTH_PATHS.revoke,
    {
      config: PROTOCOL_RATE_LIMIT,
      preParsing: async (request, _reply, payload) => {
        await formOnly(request);
        return payload;
      },
      schema: {
        hide: true,
        body: revokeBodySchema,
        response: { 200: z.null(), '4xx': oauthProtocolErrorSchema },
      },
    },
    async (req, reply) => {
      requireIssuer(req);
      const client = await service.authenticate(clientCredentialsOf(req, req.body));
      if (!req.body.token) throw new OAuthProtocolError('invalid_request', 'token is required');
      await service.revoke(client, req.body.token);
      // RFC 7009 §2.2: 200 whether or not the token was valid.
      return noStore(reply).code(200).send();
    },
  );

  app.get(
    OAUTH_PATHS.userinfo,
    {
      config: PROTOCOL_RATE_LIMIT,
      schema: {
        hide: true,
        querystring: z.object({}),
        response: { 200: oauthUserinfoSchema, '4xx': oauthProtocolErrorSchema },
      },
    },
    async (req, reply) => {
      requireIssuer(req);
      // RFC 6750 §2.1 only: a token in the query would end up in logs and Referer headers.
      const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(req.headers.authorization?.trim() ?? '');
      if (!match?.[1])
        throw new OAuthProtocolError(
          'invalid_request',
          'a Bearer token is required',
          401,
          'Bearer realm="oauth"',
        );
      const claims = await service.userinfo(match[1]);
      noStore(reply);
      return claims;
    },
  );

  app.get(
    OAUTH_PATHS.metadata,
    { schema: { hide: true, querystring: z.object({}), response: { 200: oauthMetadataSchema } } },
    async (req, reply) => {
      const issuer = requireIssuer(req);
      const metadata: OAuthMetadata = {
        issuer,
        authorization_endpoint: `${issuer}${OAUTH_PATHS.authorize}`,
        token_endpoint: `${issuer}${OAUTH_PATHS.token}`,
        revocation_endpoint: `${issuer}${OAUTH_PATHS.revoke}`,
        userinfo_endpoint: `${issuer}${OAUTH_PATHS.userinfo}`,
        scopes_supported: [...OAUTH_SCOPES],
        response_types_supported: ['code'],
        response_modes_supported: ['query'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
        revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
        code_challenge_methods_supported: ['S256'],
        authorization_response_iss_parameter_supported: true,
      };
      return reply.header('cache-control', 'public, max-age=300').send(metadata);
    },
  );
};

export default oauthProtocolRoutes;
