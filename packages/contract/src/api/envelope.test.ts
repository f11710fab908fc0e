import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeSchema, errorEnvelopeSchema, makeEnvelope, paramsInvalidResultSchema } from './envelope.js';

describe('envelopeSchema', () => {
  const schema = envelopeSchema(z.object({ id: z.string() }));

  it('accepts an answer with or without token', () => {
    expect(schema.parse({ ret_code: 0, ret_msg: 'OK', result: { id: 'a' } })).toEqual({
      ret_code: 0,
      ret_msg: 'OK',
      result: { id: 'a' },
    });
    expect(schema.safeParse({ ret_code: 0, ret_msg: 'OK', result: { id: 'a' }, token: 't' }).success).toBe(
      true,
    );
  });

  it('rejects a wrong result or a fractional code', () => {
    expect(schema.safeParse({ ret_code: 0, ret_msg: 'OK', result: {} }).success).toBe(false);
    expect(schema.safeParse({ ret_code: 0.5, ret_msg: 'OK', result: { id: 'a' } }).success).toBe(false);
  });

  it('lets errors carry null or details', () => {
    expect(errorEnvelopeSchema.safeParse({ ret_code: 10006, ret_msg: 'x', result: null }).success).toBe(true);
    const details = { issues: [{ in: 'body', field: 'email', message: 'Invalid email' }] };
    expect(paramsInvalidResultSchema.parse(details)).toEqual(details);
  });
});

describe('makeEnvelope', () => {
  it('omits token when absent', () => {
    expect(makeEnvelope(0, 'OK', 1)).toEqual({ ret_code: 0, ret_msg: 'OK', result: 1 });
    expect('token' in makeEnvelope(0, 'OK', 1)).toBe(false);
    expect(makeEnvelope(0, 'OK', 1, 't').token).toBe('t');
  });
});
