import type { z } from 'zod';
import type { RetCodeName } from './ret-codes.js';

/**
 * What one API call is (issue 11, docs/api-table.md): the shape every entry of the endpoint table
 * (`endpoints.ts`) has. Types and plain data only: the web bundle pays a few bytes per call it
 * uses, and no zod schema is loaded by importing it. The server pairs each entry with its zod
 * schemas when it registers the route, and the compiler checks that they are the schemas named here.
 */
export type CallMethod = 'GET' | 'POST';

/**
 * How long an answer may be kept: `no-store`, or privately (the browser, and the web client's
 * response cache) for `privateTtlMs`. Answers are per user and per language, never for a shared cache.
 */
export type CachePolicy = 'no-store' | { readonly privateTtlMs: number };

/** Carries a call's request and result schema types. Nothing at run time (see {@link SCHEMA_TYPES}). */
export interface CallSchemas<Request extends z.ZodType, Result extends z.ZodType> {
  readonly request: Request;
  readonly result: Result;
}

/**
 * The run-time value of every entry's `schemas` field: nothing. The field exists for its type,
 * written `schemas: SCHEMA_TYPES as CallSchemas<typeof requestSchema, typeof resultSchema>` with
 * the schemas imported as types only.
 */
export const SCHEMA_TYPES: unknown = undefined;

export interface Endpoint {
  readonly method: CallMethod;
  /** Below the API base (`/x-api`). */
  readonly path: string;
  /** Answers without a session (no cookie, no UserToken); a private call answers SessionExpired without one. */
  readonly public: boolean;
  readonly cache: CachePolicy;
  /**
   * The business ret_codes this call may answer besides Ok: what the caller may have to handle. The
   * codes every call may answer ({@link COMMON_CODES}, and SessionExpired on a private call) are
   * implied. A server test fails when a route answers a code its entry does not name.
   */
  readonly codes: readonly RetCodeName[];
  /** Type only: the zod schemas of the request (body, or query for GET) and of the `result`. */
  readonly schemas: CallSchemas<z.ZodType, z.ZodType>;
}

/**
 * Codes any call may answer, whatever it does: the envelope's refusals of malformed or abusive
 * requests (docs/adr/0003, 0010) and the unexpected failure.
 */
export const COMMON_CODES = [
  'Ok',
  'InternalError',
  'ParamsInvalid',
  'UnsupportedMediaType',
  'PayloadTooLarge',
  'CsrfRejected',
  'TooFrequent',
] as const satisfies readonly RetCodeName[];

export type CommonCodeName = (typeof COMMON_CODES)[number];

/** What the caller sends: the request schema's input (query parameters for GET). */
export type RequestOf<E extends Endpoint> = z.input<E['schemas']['request']>;
/** What the handler receives after validation (defaults applied, strings trimmed…). */
export type ParsedRequestOf<E extends Endpoint> = z.output<E['schemas']['request']>;
/** The `result` of a successful answer as the caller reads it. */
export type ResultOf<E extends Endpoint> = z.output<E['schemas']['result']>;
/** The `result` a handler answers with (before the response schema serialises it). */
export type ResultInputOf<E extends Endpoint> = z.input<E['schemas']['result']>;

/** Every code a call may answer: its own, the common ones, and SessionExpired when it is private. */
export type CodeOf<E extends Endpoint> =
  E['codes'][number] | CommonCodeName | (E['public'] extends true ? never : 'SessionExpired');

/** The names of every code a call may answer, as a run-time list (server checks, OpenAPI). */
export function codesOf(endpoint: Endpoint): readonly RetCodeName[] {
  const all = new Set<RetCodeName>([...COMMON_CODES, ...endpoint.codes]);
  if (!endpoint.public) all.add('SessionExpired');
  return [...all];
}

/** `private, max-age` seconds for a cache policy, or 0 for no-store. */
export function cacheTtlMs(policy: CachePolicy): number {
  return policy === 'no-store' ? 0 : policy.privateTtlMs;
}
