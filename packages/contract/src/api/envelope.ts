import { z } from 'zod';
import type { RetCodeValue } from './ret-codes.js';

/** Every API answer has this shape (spec §3 "API response envelope"). */
export const envelopeSchema = <T extends z.ZodType>(result: T) =>
  z.object({
    ret_code: z.number().int(),
    ret_msg: z.string(),
    result,
    /** A fresh session token for clients that asked for header transport (see docs/adr, session cookie). */
    token: z.string().optional(),
  });

export interface Envelope<T> {
  ret_code: number;
  ret_msg: string;
  result: T;
  token?: string;
}

/** An answer whose ret_code is not a success code; `result` carries details or is null. */
export const errorEnvelopeSchema = envelopeSchema(z.unknown().nullable());
export type ErrorEnvelope = Envelope<unknown>;

/** One failed field of a PARAMS_INVALID answer. `field` is a dotted path; `in` where it was sent. */
export const paramIssueSchema = z.object({
  in: z.enum(['body', 'querystring', 'params', 'headers']),
  field: z.string(),
  message: z.string(),
});
export type ParamIssue = z.infer<typeof paramIssueSchema>;

/** `result` of PARAMS_INVALID (10001). */
export const paramsInvalidResultSchema = z.object({ issues: z.array(paramIssueSchema) });
export type ParamsInvalidResult = z.infer<typeof paramsInvalidResultSchema>;

/** `result` of INTERNAL_ERROR (10000): the id support searches the logs for. */
export const internalErrorResultSchema = z.object({ request_id: z.string() });
export type InternalErrorResult = z.infer<typeof internalErrorResultSchema>;

/** Build an envelope value (no I/O; used by the server's `ok()` and by tests and fakes). */
export function makeEnvelope<T>(code: RetCodeValue, msg: string, result: T, token?: string): Envelope<T> {
  return token === undefined
    ? { ret_code: code, ret_msg: msg, result }
    : { ret_code: code, ret_msg: msg, result, token };
}
