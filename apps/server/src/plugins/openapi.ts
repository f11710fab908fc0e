import swagger from '@fastify/swagger';
import type { FastifySchema, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_BASE, HEADER, type Endpoint } from '@gatehouse/contract';
import { SESSION_COOKIE } from '../modules/session/session-cookie.js';

/** One API route as registered, for the "every route has a schema" check. */
export interface ApiRouteInfo {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  /** The endpoint-table entry the route was registered from (lib/endpoint-route.ts), if any. */
  endpoint: Endpoint | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered under the API base (filled as routes are added). */
    apiRoutes: readonly ApiRouteInfo[];
  }
}

const isUnderApiBase = (url: string, apiBase: string) => url === apiBase || url.startsWith(`${apiBase}/`);

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What a route lacks to be documented and validated: its input (body for state-changing
 * methods, querystring for GET) and its 200 answer. An empty list means the route is complete.
 * A route without input declares that too, e.g. `querystring: z.object({})`.
 */
export function missingSchemaParts(route: Omit<ApiRouteInfo, 'endpoint'>): string[] {
  const missing: string[] = [];
  const schema = route.schema;
  if (WITH_BODY.has(route.method)) {
    if (!schema?.body) missing.push('body');
  } else if (!schema?.querystring) {
    missing.push('querystring');
  }
  const response = schema?.response as Record<string, unknown> | undefined;
  if (!response?.['200']) missing.push('response 200');
  return missing;
}

/**
 * The OpenAPI document, generated from the zod schemas of the routes themselves and served at
 * `GET {apiBase}/openapi.json`. Register before any module, so every route is seen.
 */
export default fp<{ apiBase?: string; version?: string }>(
  async (app, opts) => {
    const apiBase = opts.apiBase ?? API_BASE;
    const routes: ApiRouteInfo[] = [];
    app.decorate('apiRoutes', routes);
    app.addHook('onRoute', (route) => {
      if (!isUnderApiBase(route.url, apiBase)) return;
      const methods = ([] as HTTPMethods[]).concat(route.method);
      for (const method of methods) {
        // Fastify adds HEAD beside every GET; it shares the GET route's schema.
        if (method === 'HEAD') continue;
        routes.push({ method, url: route.url, schema: route.schema, endpoint: route.config?.endpoint });
      }
    });

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Gatehouse API',
          description:
            'Every answer is the envelope {ret_code, ret_msg, result, token?}. Business errors are HTTP 200 with a ' +
            'non-zero ret_code; see docs/adr/0003-envelope-http-status.md.',
          version: opts.version ?? '0.1.0',
        },
        components: {
          securitySchemes: {
            sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
            userToken: { type: 'apiKey', in: 'header', name: HEADER.USER_TOKEN },
          },
        },
      },
      // The document describes the API only: pages, assets and the OAuth protocol endpoints (RFC
      // routes, outside the API base) are not calls of the endpoint table.
      transform: (input) =>
        isUnderApiBase(input.url, apiBase)
          ? jsonSchemaTransform(input)
          : { schema: { hide: true } as FastifySchema, url: input.url },
      transformObject: jsonSchemaTransformObject,
    });

    app.get(
      `${apiBase}/openapi.json`,
      // The document describes the others; it has no schema of its own.
      { schema: { hide: true } as FastifySchema },
      async (_request, reply) => {
        reply.header('cache-control', 'no-cache');
        return app.swagger();
      },
    );
  },
  { name: 'openapi' },
);
