import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { envelopeSchema } from '@gatehouse/contract';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../app.js';
import { testApp } from '../test-support/test-app.js';
import { answerCheck, responseSerializerCompiler } from './response-serializer.js';
import { serializerSchema } from './serializer-schema.js';

const resultSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  flag: z.union([z.literal(0), z.literal(1)]),
  nick: z.string().nullable(),
  owner: z.object({ id: z.string() }).nullable(),
  items: z.array(z.object({ key: z.string() })),
  extra: z.unknown().optional(),
});

/** The serializer a route with this result schema gets, compiled as production compiles it. */
function productionSerializer(schema: z.ZodType = envelopeSchema(resultSchema)) {
  const was = answerCheck.enabled;
  answerCheck.enabled = false;
  try {
    return responseSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });
  } finally {
    answerCheck.enabled = was;
  }
}

const answer = {
  ret_code: 0,
  ret_msg: 'OK',
  result: { id: 7, name: 'n', flag: 1, nick: null, owner: { id: 'o' }, items: [{ key: 'k' }] },
};

describe('the compiled response serializer', () => {
  it('never writes a field its schema does not name, at any depth', () => {
    const leaky = {
      ...answer,
      session_secret: 'top-level',
      result: {
        ...answer.result,
        password_hash: 'nested',
        owner: { id: 'o', email: 'in a nullable object' },
        items: [{ key: 'k', token: 'in an array item' }],
      },
    };
    const written = productionSerializer()(leaky);
    expect(JSON.parse(written)).toEqual(answer);
    for (const leak of ['session_secret', 'password_hash', 'email', 'token', 'top-level', 'nested']) {
      expect(written).not.toContain(leak);
    }
  });

  it('writes ret_code first (the declared-codes check reads it there) and the values as given', () => {
    const written = productionSerializer()({ ...answer, result: { ...answer.result, flag: 0, owner: null } });
    expect(written.startsWith('{"ret_code":0,')).toBe(true);
    expect(JSON.parse(written).result).toMatchObject({ flag: 0, owner: null, nick: null });
  });

  it('compiles nullable values and literal unions without a validator at run time', () => {
    const text = JSON.stringify(serializerSchema(envelopeSchema(resultSchema)));
    expect(text).not.toMatch(/"(anyOf|oneOf|const)"/);
  });

  it('fails an answer without a required field instead of writing half of it', () => {
    const { result: _dropped, ...withoutResult } = answer;
    expect(() => productionSerializer()(withoutResult)).toThrow(/result/);
  });

  describe('with the answer check (tests, development)', () => {
    beforeAll(() => {
      answerCheck.enabled = true;
    });
    afterEach(() => {
      answerCheck.enabled = true;
    });

    it('refuses an answer its zod schema refuses, as the zod serializer did', () => {
      const checked = responseSerializerCompiler({
        schema: envelopeSchema(resultSchema),
        method: 'GET',
        url: '/test',
        httpStatus: '200',
      });
      expect(checked(answer)).toBe(productionSerializer()(answer));
      let error: unknown;
      try {
        checked({ ...answer, result: { ...answer.result, flag: 2 } });
      } catch (e) {
        error = e;
      }
      expect(isResponseSerializationError(error)).toBe(true);
    });
  });
});

describe('every API route', () => {
  let app: App;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  it('has answer schemas fast-json-stringify writes without running Ajv per answer', () => {
    const slow: string[] = [];
    for (const route of app.apiRoutes) {
      const response = (route.schema?.response ?? {}) as Record<string, z.ZodType>;
      for (const [status, schema] of Object.entries(response)) {
        if (/"(anyOf|oneOf|allOf|if)"/.test(JSON.stringify(serializerSchema(schema)))) {
          slow.push(`${route.method} ${route.url} ${status}`);
        }
      }
    }
    expect(slow).toEqual([]);
  });
});
