import type { RetCodeValue } from '@gatehouse/contract';

/**
 * A failure the client should see as an envelope with `code`. Throw it from a handler or hook;
 * the error-envelope plugin turns it into `{ret_code, ret_msg, result}`.
 *
 * `httpStatus` stays 200 for business errors: the spec's client turns any status ≥ 400 into a
 * silent null, so only protocol faults use a real status (docs/adr/0003-envelope-http-status.md).
 * `message` is English and replaces the catalogue text when given; never put secrets or
 * internal details in it — it goes to the client.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: RetCodeValue;
  readonly httpStatus: number;
  readonly result: unknown;
  /** True when the thrower gave its own message (else the localised catalogue text is used). */
  readonly hasOwnMessage: boolean;

  constructor(code: RetCodeValue, message?: string, httpStatus = 200, result: unknown = null) {
    super(message ?? `ret_code ${code}`);
    this.code = code;
    this.httpStatus = httpStatus;
    this.result = result;
    this.hasOwnMessage = message !== undefined;
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}
