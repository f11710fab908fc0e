import { envelopeSchema, RetCode, type Envelope } from '@gatehouse/contract';
import type { z } from 'zod';

export const OK_MESSAGE = 'OK';

/**
 * The success envelope. Pass `token` only to clients that asked for header transport
 * (`wantsBodyToken(request)`); browsers get the session in the HttpOnly cookie.
 */
export function ok<T>(result: T, token?: string): Envelope<T> {
  return token === undefined
    ? { ret_code: RetCode.Ok, ret_msg: OK_MESSAGE, result }
    : { ret_code: RetCode.Ok, ret_msg: OK_MESSAGE, result, token };
}

/**
 * `schema.response` of an API route: the 200 envelope around `result`. Business errors are
 * also HTTP 200 but are written by the error handler, which bypasses this serializer.
 */
export function apiResponse<T extends z.ZodType>(result: T) {
  return { 200: envelopeSchema(result) };
}
