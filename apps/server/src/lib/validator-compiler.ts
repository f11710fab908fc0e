import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { withSafeInput } from '@gatehouse/contract';
import { z } from 'zod';

export interface GuardedValidatorCompiler {
  compiler: FastifySchemaCompiler<z.ZodType>;
  /** `METHOD url part` of every route input compiled through `compiler` (the "no route escapes" test). */
  guarded: ReadonlySet<string>;
}

/**
 * fastify-type-provider-zod's validator compiler with the contract's safe-input check in front of
 * every route schema: body, query, params and the headers a schema names refuse control
 * characters (and absurd nesting) before the route's own schema runs, so no route author has to
 * remember it (docs/adr/0014-refused-input-characters.md). A refusal is an ordinary schema failure:
 * the envelope's PARAMS_INVALID on the API, each protocol's own error elsewhere.
 */
export function createGuardedValidatorCompiler(): GuardedValidatorCompiler {
  const guarded = new Set<string>();
  const compiler: FastifySchemaCompiler<z.ZodType> = (route) => {
    guarded.add(`${route.method} ${route.url} ${route.httpPart ?? ''}`);
    const only =
      route.httpPart === 'headers'
        ? Object.keys(route.schema instanceof z.ZodObject ? route.schema.shape : {}).map((k) =>
            k.toLowerCase(),
          )
        : undefined;
    return validatorCompiler({ ...route, schema: withSafeInput(route.schema, only ? { only } : {}) });
  };
  return { compiler, guarded };
}
