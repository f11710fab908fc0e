import { z } from 'zod';

/** A JSON Schema node as zod writes it and fast-json-stringify reads it. */
export type JsonSchema = { [keyword: string]: unknown };

const isSchema = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

const isNullOnly = (s: JsonSchema) => s.type === 'null' && Object.keys(s).length === 1;

/**
 * The JSON Schema of an answer as fast-json-stringify should compile it, from the route's zod
 * schema (its output side: what the handler answers). zod writes a nullable value and a union of
 * literals as `anyOf`, which fast-json-stringify can serialise only by running Ajv on each answer
 * to pick the branch; they are rewritten to the forms it compiles to straight code:
 *
 * - `anyOf: [X, {type: null}]` → X with `nullable: true`;
 * - `anyOf` of literals of one type (`0 | 1`) → that type with `enum` (enum is not checked);
 * - a lone `const` → `enum: [value]`: fast-json-stringify writes a `const` whatever the value is,
 *   and the answer must say what the handler said (the zod check in tests compares the two).
 *
 * Other `anyOf`s are kept: fast-json-stringify still serialises them correctly, only slower. Object
 * schemas keep zod's `additionalProperties: false`, so a field no schema names is never written.
 */
export function serializerSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-7',
    // A type JSON cannot carry (a Date, a bigint) is a bug in the schema: fail at start, not per answer.
    unrepresentable: 'throw',
  }) as JsonSchema;
  delete json.$schema;
  return simplify(json);
}

function simplify(node: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' || key === 'definitions' || key === '$defs') {
      out[key] = isSchema(value)
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isSchema(v) ? simplify(v) : v]))
        : value;
    } else if (key === 'anyOf' || key === 'oneOf' || key === 'allOf' || key === 'prefixItems') {
      out[key] = Array.isArray(value) ? value.map((v) => (isSchema(v) ? simplify(v) : v)) : value;
    } else if (key === 'items' || key === 'additionalProperties' || key === 'not') {
      out[key] = isSchema(value) ? simplify(value) : value;
    } else {
      out[key] = value;
    }
  }
  if ('const' in out && typeof out.type === 'string') {
    out.enum = [out.const];
    delete out.const;
  }
  return Array.isArray(out.anyOf) ? mergeAnyOf(out, out.anyOf.filter(isSchema)) : out;
}

/** The anyOf forms that have a plain equivalent (see serializerSchema); others unchanged. */
function mergeAnyOf(node: JsonSchema, branches: JsonSchema[]): JsonSchema {
  const { anyOf, ...rest } = node;
  if (branches.length !== (anyOf as unknown[]).length) return node;
  const values = branches.filter((b) => !isNullOnly(b));
  const nullable = values.length < branches.length;
  let merged: JsonSchema | undefined;
  if (values.length === 1) merged = values[0];
  else if (values.length > 1) merged = literalsOfOneType(values);
  if (!merged || typeof merged.type !== 'string' || 'anyOf' in merged || 'oneOf' in merged) return node;
  return { ...rest, ...merged, ...(nullable ? { nullable: true } : {}) };
}

/** `{type: T, enum: [a]}, {type: T, enum: [b]}` → `{type: T, enum: [a, b]}`, else undefined. */
function literalsOfOneType(values: JsonSchema[]): JsonSchema | undefined {
  const type = values[0]?.type;
  const literals: unknown[] = [];
  for (const v of values) {
    const keys = Object.keys(v);
    const isLiteral =
      v.type === type && Array.isArray(v.enum) && keys.every((k) => k === 'type' || k === 'enum');
    if (!isLiteral) return undefined;
    literals.push(...(v.enum as unknown[]));
  }
  return typeof type === 'string' ? { type, enum: literals } : undefined;
}
