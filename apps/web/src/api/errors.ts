import { RetCode, type Envelope } from '@gatehouse/contract';

/** The request ran longer than its `timeout` and was aborted (spec §8). */
export class TimeoutError extends Error {
  readonly type = 'Timeout';
  constructor(readonly timeoutMs: number) {
    super(`timeout of ${timeoutMs}ms exceeded`);
    this.name = 'TimeoutError';
  }
}

/** The server answered with a non-2xx status; `body` is the parsed answer (JSON, else raw text). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`Request failed with status code ${status}`);
    this.name = 'HttpError';
  }
}

/** The caller asked for a response type the transport cannot produce. */
export class ParseError extends Error {
  constructor() {
    super('responseType not support');
    this.name = 'ParseError';
  }
}

/** ret_code the client uses when no answer came back (network, CORS) or it carried no envelope (spec §8). */
export const NETWORK_RET_CODE = RetCode.Network;

/** No answer at all: network down, CORS refusal, connection refused. Shaped like an envelope on purpose. */
export class NetworkError extends Error {
  readonly ret_code = NETWORK_RET_CODE;
  readonly ret_msg: string;
  constructor(cause: unknown) {
    const text = cause instanceof Error ? cause.message : String(cause);
    super(text, { cause });
    this.name = 'NetworkError';
    this.ret_msg = text;
  }
}

/**
 * A call answered with an error ret_code (or could not be completed). `envelope` is what the server sent,
 * `toasted` says whether the client already showed it to the user, so callers never show it twice.
 */
export class ApiCallError<T = unknown> extends Error {
  constructor(
    readonly envelope: ApiEnvelope<T>,
    readonly toasted: boolean,
    options?: { cause?: unknown },
  ) {
    super(`${envelope.ret_code}: ${envelope.ret_msg}`, options);
    this.name = 'ApiCallError';
  }
  get code(): number {
    return this.envelope.ret_code;
  }
}

/** The envelope plus the extra top-level fields some answers carry (spec §3 "Login response fields read"). */
export type ApiEnvelope<T> = Envelope<T> & { pass_err_count?: number };

export function isApiCallError(error: unknown): error is ApiCallError {
  return error instanceof ApiCallError;
}
