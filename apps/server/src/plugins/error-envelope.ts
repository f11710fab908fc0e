import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  API_BASE,
  HEADER,
  RetCode,
  type ErrorEnvelope,
  type ParamIssue,
  type RetCodeValue,
} from '@gatehouse/contract';
import { ApiError } from '../lib/api-error.js';
import { loadErrorMessages, type ErrorMessages } from '../lib/error-messages.js';
import { API_BODY_LIMIT_BYTES, assertJsonBody, useApiJsonParser } from '../lib/json-body.js';
import { isUnderApiBase } from '../lib/request-target.js';
import { attachRouteHook, isApiRoute } from '../lib/route-hooks.js';
import { sendPlainPage } from '../pages/plain-page.js';
import { noteForLog } from '../lib/request-log.js';

export interface ErrorEnvelopeOptions {
  /** Public base path of the API (config.apiBase). */
  apiBase?: string;
  /** Where `{lng}/inverse-error-code.json` live; defaults to the web app's public/locales. */
  localesDir?: string;
  /** Already loaded messages (tests). */
  messages?: ErrorMessages;
  bodyLimit?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** ret_msg texts per code and Lang, loaded once. */
    errorMessages: ErrorMessages;
  }
}

interface Failure {
  status: number;
  code: RetCodeValue;
  /** English detail that replaces the catalogue text; safe for clients. */
  message?: string;
  result: unknown;
}

const LOCATIONS = new Set<ParamIssue['in']>(['body', 'querystring', 'params', 'headers']);

function paramsFailure(err: FastifyError): Failure {
  const where = LOCATIONS.has(err.validationContext as ParamIssue['in'])
    ? (err.validationContext as ParamIssue['in'])
    : 'body';
  const issues: ParamIssue[] = (err.validation ?? []).map((v) => ({
    in: where,
    field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || where,
    message: v.message ?? 'is invalid',
  }));
  return { status: 200, code: RetCode.ParamsInvalid, result: { issues } };
}

/** Map anything thrown while serving a request to what the client sees. */
function classify(err: unknown): Failure {
  if (err instanceof ApiError) {
    return {
      status: err.httpStatus,
      code: err.code,
      ...(err.hasOwnMessage ? { message: err.message } : {}),
      result: err.result,
    };
  }
  // Schema violations are input the user can fix: HTTP 200 so the client shows the toast.
  if (hasZodFastifySchemaValidationErrors(err)) return paramsFailure(err as unknown as FastifyError);
  if (isFastifyError(err) && !isResponseSerializationError(err)) {
    const status = err.statusCode ?? 500;
    if (status === 413) return { status, code: RetCode.PayloadTooLarge, result: null };
    if (status === 415) return { status, code: RetCode.UnsupportedMediaType, result: null };
    if (status === 429) return { status, code: RetCode.TooFrequent, result: null };
    if (status === 404) return { status, code: RetCode.RouteNotFound, result: null };
    // Malformed JSON, bad content-length and the like: a broken client, not a user mistake.
    if (status >= 400 && status < 500) return { status: 400, code: RetCode.ParamsInvalid, result: null };
  }
  return { status: 500, code: RetCode.InternalError, result: null };
}

function isFastifyError(err: unknown): err is FastifyError {
  return err instanceof Error && typeof (err as Partial<FastifyError>).statusCode === 'number';
}

function langOf(request: FastifyRequest): string | undefined {
  const lang = request.headers[HEADER.LANG.toLowerCase()];
  return typeof lang === 'string' && lang.length <= 35 ? lang : undefined;
}

/** preParsing on API routes: refuse a body that is not JSON before a byte of it is read. */
async function jsonOnly(request: FastifyRequest, _reply: FastifyReply, payload: unknown): Promise<unknown> {
  assertJsonBody(request);
  return payload;
}

/**
 * The envelope for every API failure: validation, unknown route, body too large, wrong content
 * type, rate limit, ApiError and crashes. Not encapsulated, so it covers every module. Unknown
 * paths outside the API get the plain 404 page (the pages plugin renders its own not-found page
 * for GET). The JSON-only rule is attached to each API route as it is registered (register this
 * plugin before the routes), so it holds for whatever spelling of the URL reached the route.
 */
export default fp<ErrorEnvelopeOptions>(
  async (app, opts) => {
    const apiBase = opts.apiBase ?? API_BASE;
    const messages = opts.messages ?? loadErrorMessages(opts.localesDir);
    app.decorate('errorMessages', messages);
    useApiJsonParser(app, opts.bodyLimit ?? API_BODY_LIMIT_BYTES);

    // Only picks the format of a 404; requests reach here in canonical form (canonical-path.ts).
    const isApi = (url: string) => isUnderApiBase(url, apiBase);

    const send = (request: FastifyRequest, reply: FastifyReply, failure: Failure) => {
      const body: ErrorEnvelope = {
        ret_code: failure.code,
        ret_msg: failure.message ?? messages.text(failure.code, langOf(request)),
        result: failure.result,
      };
      if (failure.code === RetCode.ParamsInvalid && !failure.message) {
        const first = (failure.result as { issues?: ParamIssue[] } | null)?.issues?.[0];
        if (first) body.ret_msg += ` (${first.field}: ${first.message})`;
      }
      // Serialized here, not by the route's response schema: that schema describes success only.
      return reply
        .code(failure.status)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(body));
    };

    // preParsing: after the CSRF guard (onRequest), before a byte of the body is read.
    app.addHook('onRoute', (route) => {
      if (isApiRoute(route, apiBase)) attachRouteHook(route, 'preParsing', jsonOnly, 'first');
    });

    app.setErrorHandler((err, request, reply) => {
      const failure = classify(err);
      if (failure.status >= 500) {
        // The error (with its stack) goes to the log only; the client gets the request id.
        noteForLog(request, 'error', 'request failed', { err, status: failure.status });
        failure.result = { request_id: String(request.id) };
      } else {
        noteForLog(request, 'info', 'request refused', { retCode: failure.code, status: failure.status });
      }
      return send(request, reply, failure);
    });

    // At the root, not under the API prefix: the pages' catch-all `GET /*` hands API paths
    // back with callNotFound(), which uses the root handler. Other paths get the plain page.
    app.setNotFoundHandler((request, reply) =>
      isApi(request.url)
        ? send(request, reply, { status: 404, code: RetCode.RouteNotFound, result: null })
        : sendPlainPage(reply, 404),
    );
  },
  { name: 'error-envelope' },
);
