import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serializerSchema } from './serializer-schema.js';

type Stringify = (data: unknown) => string;

/**
 * Whether each answer is also checked against its zod schema before it is written, for routes
 * compiled while it is on. Off unless switched on before the app is built: the server tests turn it
 * on (test-support/answer-check.setup.ts) and so does the development server (src/dev.ts);
 * production writes answers with the compiled serializer alone.
 */
export const answerCheck = { enabled: false };

/**
 * Compiled serializers by their JSON Schema: every app built in one process (the test suite builds
 * hundreds) reuses them, and a route schema compiles once however many apps register it.
 */
const compiled = new Map<string, Stringify>();

function compile(schema: z.ZodType): Stringify {
  const json = serializerSchema(schema);
  const key = JSON.stringify(json);
  let stringify = compiled.get(key);
  if (!stringify) {
    // The JSON Schema comes from our own zod schemas, never from a request.
    stringify = fastJson(json as unknown as Parameters<typeof fastJson>[0]) as Stringify;
    compiled.set(key, stringify);
  }
  return stringify;
}

/**
 * Fastify's serializer compiler for the routes' zod response schemas: each schema becomes JSON
 * Schema once (serializer-schema.ts) and fast-json-stringify compiles it to a function that writes
 * exactly the fields the schema names, in its order (`ret_code` first, which the declared-codes
 * check reads). No zod runs on an answer in production (ADR 0019); with `answerCheck.enabled` the
 * answer must also pass its zod schema, failing as fastify-type-provider-zod's compiler did.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema, method, url }) => {
  if (!(schema instanceof z.ZodType)) {
    throw new Error(`${method} ${url}: a response schema must be a zod schema`);
  }
  const stringify = compile(schema);
  // Decided when the route compiles (at start): production's serializer is the compiled one alone.
  if (!answerCheck.enabled) return stringify;
  return (data: unknown) => {
    // The zod output type is what the handler answers; Fastify hands it over untyped.
    const checked = z.safeEncode(schema, data as z.output<typeof schema>);
    if (!checked.success) throw new ResponseSerializationError(method, url, { cause: checked.error });
    return stringify(data);
  };
};
