import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  preValidationHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  cacheTtlMs,
  codesOf,
  envelopeSchema,
  retCodeName,
  type Endpoint,
  type Envelope,
  type ParsedRequestOf,
  type ResultInputOf,
} from '@gatehouse/contract';
import { requireSession } from '../plugins/session.js';
import { noteForLog } from './request-log.js';

/** An app (or an encapsulated child) typed by the zod provider, as modules receive it. */
type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract entry this route was registered from (endpoint-route.ts). */
    endpoint?: Endpoint;
  }
}

export interface EndpointRouteOptions<E extends Endpoint> {
  /** The request schema the entry names (body, or query for GET): the compiler checks it is that one. */
  request: E['schemas']['request'];
  /** The schema of `result` in a successful answer, likewise checked against the entry. */
  result: E['schemas']['result'];
  tags: readonly string[];
  summary: string;
  /** Answers with another HTTP status and their result schema (the health check's 503). */
  otherStatuses?: Readonly<Record<number, z.ZodType>>;
  /** Guards that run before validation (the captcha). */
  preValidation?: preValidationHookHandler;
  /** Route settings: rate limit, and anything the API plugins read. */
  config?: Omit<FastifyContextConfig, 'endpoint' | 'cacheTtlMs'>;
}

/** The request as a handler of entry E sees it: body or query parsed by the entry's schema. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Body: E['method'] extends 'GET' ? unknown : ParsedRequestOf<E>;
  Querystring: E['method'] extends 'GET' ? ParsedRequestOf<E> : unknown;
}>;

export type EndpointHandler<E extends Endpoint> = (
  req: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<Envelope<ResultInputOf<E>> | FastifyReply>;

/**
 * Register the route of one endpoint-table entry (packages/contract/src/api/endpoints/): its
 * method and path, the session guard when it is private, its cache lifetime, the envelope around its
 * result schema, and the entry itself in the route config, where the OpenAPI document and the
 * declared-codes check read it. Every API route goes through here (docs/api-table.md).
 */
export function endpointRoute<E extends Endpoint>(
  app: ZodApp,
  endpoint: E,
  options: EndpointRouteOptions<E>,
  handler: EndpointHandler<E>,
): void {
  const input = endpoint.method === 'GET' ? { querystring: options.request } : { body: options.request };
  const response: Record<number, z.ZodType> = { 200: envelopeSchema(options.result) };
  for (const [status, result] of Object.entries(options.otherStatuses ?? {})) {
    response[Number(status)] = envelopeSchema(result);
  }
  const ttl = cacheTtlMs(endpoint.cache);
  const schema: FastifySchema & Record<`x-${string}`, unknown> = {
    tags: [...options.tags],
    summary: options.summary,
    ...input,
    response,
    'x-ret-codes': codesOf(endpoint),
    ...(endpoint.public ? {} : { security: [{ sessionCookie: [] }, { userToken: [] }] }),
  };
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema,
    config: { ...options.config, endpoint, ...(ttl > 0 ? { cacheTtlMs: ttl } : {}) },
    ...(endpoint.public && options.preValidation ? { preValidation: options.preValidation } : {}),
    // The session before the body is validated: a caller without one learns only that.
    ...(endpoint.public
      ? {}
      : { preValidation: [requireSession, ...(options.preValidation ? [options.preValidation] : [])] }),
    onSend: checkDeclaredCode(new Set(codesOf(endpoint))),
    // The handler's request type is the entry's; Fastify's route options type it generically.
    handler: handler as unknown as RouteHandlerMethod,
  });
}

/**
 * Answers whose ret_code the route's entry does not declare, as `METHOD path Name` (tests read
 * this after each file: a route answering a code its entry does not list is a contract bug).
 */
export const undeclaredCodes = new Set<string>();

const RET_CODE_AT_START = /^\{"ret_code":(-?\d+)/;

/**
 * onSend: note (and log) an envelope whose code the entry does not list. Never changes the answer:
 * in production the log line is the signal; the test suite fails on it. `declared` is the entry's
 * codes, listed once when the route is registered rather than on every answer.
 */
function checkDeclaredCode(declared: ReadonlySet<string>) {
  return async (req: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    const endpoint = req.routeOptions.config.endpoint;
    if (!endpoint || typeof payload !== 'string') return payload;
    const match = RET_CODE_AT_START.exec(payload);
    if (!match) return payload;
    const name = retCodeName(Number(match[1]));
    if (name && declared.has(name)) return payload;
    const found = `${endpoint.method} ${endpoint.path} ${name ?? match[1]}`;
    undeclaredCodes.add(found);
    noteForLog(req, 'warn', 'answered a ret_code its endpoint entry does not declare', {
      endpoint: endpoint.path,
      retCode: match[1],
    });
    return payload;
  };
}
