import fc from 'fast-check';
import { z } from 'zod';
import { API_BASE, OAUTH_PATHS, oauthAuthorizeQuerySchema, SOCIAL_CALLBACK_PATHS } from '@gatehouse/contract';
import {
  encodeComponent,
  fromSchema,
  hostileHeaders,
  hostileJson,
  jsonContentTypes,
  oddRawBody,
  otherContentTypes,
  queryString,
  rawQueryJunk,
  refusedRawBody,
  refusedString,
  refusedUrlString,
  trickyString,
  withRefusedChar,
  type HeaderContext,
  type JsonSchema,
} from './fuzz-arbitraries.js';

/**
 * Every operation the fuzz attacks, read from the OpenAPI document, and the requests it sends.
 * Test-only (api-fuzz.test.ts).
 */

/**
 * `provider-return`: where Google and Apple send the browser back (modules/social-login): whatever
 * arrives, a redirect to one of our own pages, or a refusal.
 */
export type TargetKind = 'api' | 'oauth-protocol' | 'oauth-entry' | 'provider-return' | 'page';

export interface Target {
  method: 'GET' | 'POST';
  path: string;
  kind: TargetKind;
  body?: JsonSchema;
  query?: JsonSchema;
  /** Form bodies (the RFC token and revocation endpoints) instead of JSON. */
  form?: boolean;
  /** Needs a session (OpenAPI `security`): a well-behaved client sends its UserToken. */
  private?: boolean;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

function kindOf(path: string): TargetKind {
  if (path === API_BASE || path.startsWith(`${API_BASE}/`)) return 'api';
  if (path === OAUTH_PATHS.authorize) return 'oauth-entry';
  return 'page';
}

/** One target per documented operation (method + path). */
export function targetsOf(doc: OpenApiDocument): Target[] {
  const out: Target[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      if (upper !== 'GET' && upper !== 'POST')
        throw new Error(`fuzz: add ${upper} ${path} to the generators`);
      const query = (op.parameters ?? []).filter((p) => p.in === 'query');
      const target: Target = { method: upper, path, kind: kindOf(path) };
      if (op.security) target.private = true;
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (body) target.body = body;
      if (query.length > 0)
        target.query = {
          type: 'object',
          properties: Object.fromEntries(query.map((p) => [p.name, p.schema ?? {}])),
          required: query.filter((p) => p.required).map((p) => p.name),
        };
      out.push(target);
    }
  }
  return out;
}

const protocolParam: JsonSchema = { type: 'string', maxLength: 4096 };
const protocolForm = (names: string[]): JsonSchema => ({
  type: 'object',
  properties: Object.fromEntries(names.map((n) => [n, protocolParam])),
});

/**
 * Routes outside the OpenAPI document, attacked all the same: the document describes the API calls
 * only (the endpoint table), and RFC endpoints speak their own JSON.
 */
export const HIDDEN_TARGETS: Target[] = [
  // The authorization endpoint (RFC 6749 §3.1): its query as its route schema declares it.
  {
    method: 'GET',
    path: OAUTH_PATHS.authorize,
    kind: 'oauth-entry',
    query: z.toJSONSchema(oauthAuthorizeQuerySchema, { io: 'input' }) as JsonSchema,
  },
  {
    method: 'POST',
    path: OAUTH_PATHS.token,
    kind: 'oauth-protocol',
    form: true,
    body: protocolForm([
      'grant_type',
      'code',
      'redirect_uri',
      'code_verifier',
      'refresh_token',
      'scope',
      'client_id',
      'client_secret',
    ]),
  },
  {
    method: 'POST',
    path: OAUTH_PATHS.revoke,
    kind: 'oauth-protocol',
    form: true,
    body: protocolForm(['token', 'token_type_hint', 'client_id', 'client_secret']),
  },
  { method: 'GET', path: OAUTH_PATHS.userinfo, kind: 'oauth-protocol', query: { type: 'object' } },
  // The providers' return (docs/flows/social-login.md): a query from Google, Apple's form post.
  ...(['google', 'apple'] as const).map((provider): Target => ({
    method: 'GET',
    path: SOCIAL_CALLBACK_PATHS[provider],
    kind: 'provider-return',
    query: protocolForm(['code', 'state', 'error', 'iss']),
  })),
  {
    method: 'POST',
    path: SOCIAL_CALLBACK_PATHS.apple,
    kind: 'provider-return',
    form: true,
    body: protocolForm(['code', 'state', 'id_token', 'user', 'error']),
  },
  // Pages, and the static files of the web build (traversal, encoded junk).
  { method: 'GET', path: '/{*}', kind: 'page' },
  { method: 'GET', path: '/favicon.ico', kind: 'page' },
  { method: 'GET', path: '/favicon.svg', kind: 'page' },
  { method: 'GET', path: '/robots.txt', kind: 'page' },
  { method: 'GET', path: '/assets/{*}', kind: 'page' },
  { method: 'GET', path: '/locales/{*}', kind: 'page' },
  { method: 'GET', path: OAUTH_PATHS.metadata, kind: 'oauth-protocol', query: { type: 'object' } },
];

/** A request the fuzz sends, and what it may expect. */
export interface FuzzCase {
  label: string;
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
  /**
   * The request carries a fault every route must refuse (a refused character, broken JSON, the
   * wrong media type): it must change nothing in the store.
   */
  definite: boolean;
  /**
   * Also sent exactly as a well-behaved client would (canonical path, JSON or form type, the
   * `platform` header): the answer must be the validation failure itself.
   */
  strict: boolean;
}

export interface CaseContext extends HeaderContext {
  /** Known-good values per field name, so some cases get past the first checks (client ids...). */
  hints: Record<string, string[]>;
}

/** Values shaped by the schema, with known-good hints mixed in for the fields that have them. */
function shaped(schema: JsonSchema | undefined, ctx: CaseContext): fc.Arbitrary<unknown> {
  if (!schema?.properties) return fromSchema(schema);
  const properties: Record<string, JsonSchema> = { ...schema.properties };
  const hinted: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, values] of Object.entries(ctx.hints)) {
    if (name in properties && values.length > 0)
      hinted[name] = fc.oneof(fc.constantFrom(...values), fromSchema(properties[name]));
  }
  return fc
    .tuple(fromSchema(schema), fc.record(hinted, { requiredKeys: [] }))
    .map(([value, hints]) =>
      value && typeof value === 'object' && !Array.isArray(value) ? { ...value, ...hints } : value,
    );
}

const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

/** A query as it travels: flat keys, string values (repeated keys as arrays of strings). */
function flatQuery(value: fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, string | string[]>> {
  return value.map((v) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [k, Array.isArray(x) ? x.map(asText) : asText(x)]),
    );
  });
}

/**
 * `junk` added to the query of `path`, before a fragment: after `#` it would be no query at all (the
 * client keeps the fragment), and a request counted as refused for its query would be the plain call.
 */
function withJunkQuery(path: string, junk: string): string {
  const hash = path.indexOf('#');
  const [target, fragment] = hash < 0 ? [path, ''] : [path.slice(0, hash), path.slice(hash)];
  return `${target}${target.includes('?') ? '&' : '?'}${junk}${fragment}`;
}

/** Non-canonical spellings of `path` (the route guards refuse them; nothing may crash). */
export function pathSpellings(path: string): fc.Arbitrary<string> {
  const segments = path.split('/').filter(Boolean);
  const last = segments.at(-1) ?? '';
  const encodedFirst = last ? `%${last.charCodeAt(0).toString(16)}${last.slice(1)}` : '%2e';
  const prefix = `/${segments.slice(0, -1).join('/')}`.replace(/^\/$/, '');
  return fc.oneof(
    fc.constantFrom(
      `${path}/`,
      `/${path}`,
      path.replace(/\/([^/]*)$/, '//$1'),
      path.toUpperCase(),
      `${prefix}/${encodedFirst}`,
      `${prefix}/./${last}`,
      `${prefix}/x/../${last}`,
      `${path};jsessionid=1`,
      `${path}%00`,
      `${path}%2F`,
      `${path}%2e`,
      `${path}%20`,
      `${path}%09`,
      `${path}.json`,
      `${path}?`,
      `${path}#x`,
      `${path}%`,
      `${path}%zz`,
      `${path}%C0%AF`,
      `${path}/${'a'.repeat(3000)}`,
      path.replaceAll('/', '%2F'),
      path.replaceAll('/', '\\'),
    ),
    trickyString.map((s) => `${path}/${encodeComponent(s)}`),
  );
}

/** Hostile page paths: locale prefixes, redirects, traversal, encoded junk. */
const pagePaths: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '/',
    '/en/login',
    '/en/login?redirect=https://evil.example/',
    '/en/login?redirect=%00',
    '/en/login?redirect=%E2%80%A8',
    '/register?affiliate_id=%00',
    '/xx-YYYY/login',
    '/en/../../etc/passwd',
    '/%2e%2e/%2e%2e/',
    '/en/oauth?client_id=%00',
    '//evil.example',
    '/\\evil.example',
    '/en/%C0%AF',
    '/%FF',
    '/en/login#x',
    '/robots.txt?%00',
    '/favicon.ico/..',
    '/assets/../../package.json',
  ),
  fc
    .tuple(fc.array(trickyString, { minLength: 1, maxLength: 3 }), fc.option(rawQueryJunk))
    .map(([parts, q]) => `/${parts.map(encodeComponent).join('/')}${q ? `?${q}` : ''}`),
);

const ip: fc.Arbitrary<string> = fc.oneof(fc.ipV4(), fc.ipV6());

const BASE_HEADERS: Readonly<Record<string, string>> = { platform: 'pc', host: 'localhost' };

function bodyFor(target: Target, value: unknown): { payload: string; type: string } {
  if (target.form) {
    const fields =
      value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    return { payload: queryString(fields), type: 'application/x-www-form-urlencoded' };
  }
  return { payload: JSON.stringify(value) ?? 'null', type: 'application/json' };
}

function withQuery(path: string, query: unknown): string {
  const q =
    query && typeof query === 'object' && !Array.isArray(query)
      ? queryString(query as Record<string, unknown>)
      : '';
  return q ? `${path}?${q}` : path;
}

/** Every kind of hostile request for `target`, weighted so the store-checking (definite) cases dominate. */
export function casesFor(target: Target, ctx: CaseContext): fc.Arbitrary<FuzzCase> {
  // The session guard answers before validation (lib/endpoint-route.ts): a client of a private call
  // carries its session, so the refusal of its input is what answers.
  const headers = target.private ? { ...BASE_HEADERS, usertoken: ctx.sessionToken } : { ...BASE_HEADERS };
  const mixedHeaders = fc.oneof(
    fc.constant(headers),
    hostileHeaders(ctx).map((h) => ({ ...headers, ...h })),
  );
  const kinds: fc.WeightedArbitrary<FuzzCase>[] = [];

  if (target.kind === 'page') {
    const prefix = target.path.endsWith('{*}') ? target.path.slice(0, -'/{*}'.length) : target.path;
    const paths = prefix === '' ? pagePaths : pagePaths.map((p) => `${prefix}${p}`);
    kinds.push({
      weight: 1,
      arbitrary: fc.tuple(paths, mixedHeaders, ip).map(([url, h, remoteAddress]) => ({
        label: 'page path',
        method: 'GET' as const,
        url,
        headers: { accept: 'text/html', ...h },
        remoteAddress,
        // A page view writes nothing.
        definite: true,
        strict: false,
      })),
    });
    return fc.oneof(...kinds);
  }

  if (target.method === 'POST') {
    const contentType = target.form ? 'application/x-www-form-urlencoded' : 'application/json';
    kinds.push(
      {
        weight: 4,
        arbitrary: fc
          .tuple(
            withRefusedChar(shaped(target.body, ctx), target.form ? refusedUrlString : refusedString),
            fc.boolean(),
            mixedHeaders,
            ip,
          )
          .map(([value, plain, h, remoteAddress]) => {
            const { payload, type } = bodyFor(target, value);
            return {
              label: 'refused character in the body',
              method: 'POST' as const,
              url: target.path,
              headers: { ...(plain ? headers : h), 'content-type': type },
              payload,
              remoteAddress,
              definite: true,
              strict: plain,
            };
          }),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(refusedRawBody, mixedHeaders, ip).map(([payload, h, remoteAddress]) => ({
          label: 'malformed body',
          method: 'POST' as const,
          url: target.path,
          headers: { ...h, 'content-type': target.form ? 'application/json' : contentType },
          payload,
          remoteAddress,
          definite: true,
          strict: false,
        })),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(shaped(target.body, ctx), otherContentTypes, mixedHeaders, ip)
          .filter(([, type]) => !(target.form && type === 'application/x-www-form-urlencoded'))
          .map(([value, type, h, remoteAddress]) => ({
            label: 'wrong media type',
            method: 'POST' as const,
            url: target.path,
            headers: { ...h, 'content-type': type },
            payload: JSON.stringify(value) ?? 'null',
            remoteAddress,
            definite: true,
            strict: false,
          })),
      },
      {
        weight: 3,
        arbitrary: fc.tuple(shaped(target.body, ctx), mixedHeaders, ip).map(([value, h, remoteAddress]) => {
          const { payload, type } = bodyFor(target, value);
          return {
            label: 'schema-shaped body',
            method: 'POST' as const,
            url: target.path,
            headers: { ...h, 'content-type': type },
            payload,
            remoteAddress,
            definite: false,
            strict: false,
          };
        }),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(
            fc.oneof(
              hostileJson.map((v) => Buffer.from(JSON.stringify(v) ?? 'null')),
              oddRawBody,
            ),
            target.form ? fc.constant(contentType) : jsonContentTypes,
            mixedHeaders,
            ip,
          )
          .map(([payload, type, h, remoteAddress]) => ({
            label: 'random body',
            method: 'POST' as const,
            url: target.path,
            headers: { ...h, 'content-type': type },
            payload,
            remoteAddress,
            definite: false,
            strict: false,
          })),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(
            pathSpellings(target.path),
            fc.oneof(
              withRefusedChar(shaped(target.body, ctx), target.form ? refusedUrlString : refusedString).map(
                (value) => ({ value, refused: true }),
              ),
              shaped(target.body, ctx).map((value) => ({ value, refused: false })),
            ),
            mixedHeaders,
            ip,
          )
          .map(([url, { value, refused }, h, remoteAddress]) => {
            const { payload, type } = bodyFor(target, value);
            return {
              label: 'path spelling',
              method: 'POST' as const,
              url,
              headers: { ...h, 'content-type': type },
              payload,
              remoteAddress,
              definite: refused,
              strict: false,
            };
          }),
      },
    );
  } else {
    kinds.push(
      {
        weight: 4,
        arbitrary: fc
          .tuple(
            withRefusedChar(flatQuery(shaped(target.query, ctx)), refusedUrlString),
            fc.boolean(),
            mixedHeaders,
            ip,
          )
          .map(([query, plain, h, remoteAddress]) => ({
            label: 'refused character in the query',
            method: 'GET' as const,
            url: withQuery(target.path, query),
            headers: plain ? headers : h,
            remoteAddress,
            definite: true,
            strict: plain,
          })),
      },
      {
        weight: 3,
        arbitrary: fc
          .tuple(flatQuery(shaped(target.query, ctx)), fc.option(rawQueryJunk), mixedHeaders, ip)
          .map(([query, junk, h, remoteAddress]) => {
            const url = withQuery(target.path, query);
            return {
              label: 'schema-shaped query',
              method: 'GET' as const,
              url: junk ? `${url}${url.includes('?') ? '&' : '?'}${junk}` : url,
              headers: h,
              remoteAddress,
              // A shaped query may be valid, and one API GET writes (authorize issues a code).
              definite: target.kind !== 'api',
              strict: false,
            };
          }),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(
            pathSpellings(target.path),
            fc.oneof(
              refusedUrlString.map((s) => ({ junk: `a=${encodeComponent(s)}`, refused: true })),
              fc.option(rawQueryJunk).map((junk) => ({ junk, refused: false })),
            ),
            mixedHeaders,
            ip,
          )
          .map(([path, { junk, refused }, h, remoteAddress]) => ({
            label: 'path spelling',
            method: 'GET' as const,
            url: junk ? withJunkQuery(path, junk) : path,
            headers: h,
            remoteAddress,
            definite: refused || target.kind !== 'api',
            strict: false,
          })),
      },
    );
  }
  return fc.oneof(...kinds);
}
