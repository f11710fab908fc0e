import {
  PROFILE_PATH,
  UNBIND_GOOGLE_2FA_SEND_EMAIL_CODE_PATH,
  RetCode,
  type Endpoint,
  type RequestOf,
  type ResultOf,
  isPasswordWrongResult,
  isSilentCode,
  isSuccessCode,
} from '@gatehouse/contract';
import { pathOnly } from './api-paths';
import { apiConfig } from './config';
import type { SessionToastClock } from './envelope-errors';
import { HttpError, NETWORK_RET_CODE, ParseError, type ApiEnvelope } from './errors';
import { dropCachedResponse, httpRequest, type HttpMethod, type HttpOptions } from './http-client';
import type { Fields } from './payload';
import { apiHeaders } from './request-headers';
import { adoptResponseToken } from './token-store';

export interface ApiOptions extends Omit<HttpOptions, 'data'> {
  /** Suppress the client's toast for this call; the caller shows the error itself. */
  hideError?: boolean;
  /** Called with the HttpError when the status is 400 or above (spec §8). */
  onError?: (error: HttpError) => void;
}

export interface ApiRequestOptions extends ApiOptions {
  data?: unknown;
}

const sessionToast: SessionToastClock = { last: -Infinity };

function isEnvelope(value: unknown): value is ApiEnvelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { ret_code?: unknown }).ret_code === 'number'
  );
}

function networkEnvelope(message: string): ApiEnvelope<null> {
  return { ret_code: NETWORK_RET_CODE, ret_msg: message, result: null };
}

function passErrCount(envelope: ApiEnvelope<unknown>): number | undefined {
  const nested = (envelope.result as { pass_err_count?: unknown } | null | undefined)?.pass_err_count;
  const count = envelope.pass_err_count ?? nested;
  return typeof count === 'number' ? count : undefined;
}

/**
 * One API call: headers, transport, then the envelope rules of spec §8.
 *
 * Resolves to the envelope when ret_code is 0 or 10007, or 31002 with pass_err_count 3-5.
 * Resolves to `null` when the HTTP status is 400 or above and the body is no envelope (after `onError`).
 * Rejects with ApiCallError otherwise; `error.toasted` tells whether the user was already shown it.
 */
export async function request<T>(
  method: HttpMethod,
  path: string,
  options: ApiRequestOptions = {},
): Promise<ApiEnvelope<T> | null> {
  const { hideError, onError, ...httpOptions } = options;
  const url = /^https?:\/\//.test(path) ? path : apiConfig().baseUrl + path;
  const sent = { ...httpOptions, headers: { ...apiHeaders(path), ...httpOptions.headers } };
  let envelope: ApiEnvelope<T>;
  let cause: unknown;
  try {
    const body = await httpRequest(method, url, sent);
    // A 2xx without an envelope (a proxy's HTML page, an empty body) counts as "missing error payload".
    envelope = (isEnvelope(body) ? body : networkEnvelope('Invalid response')) as ApiEnvelope<T>;
  } catch (error) {
    // Programmer errors and the caller's own cancellation are not the user's business.
    if (error instanceof ParseError || options.signal?.aborted) throw error;
    cause = error;
    if (error instanceof HttpError) {
      onError?.(error);
      // An error status that still carries an envelope follows the ret_code rules; a bare one yields null.
      if (!isEnvelope(error.body)) return null;
      envelope = error.body as ApiEnvelope<T>;
    } else {
      envelope = networkEnvelope(error instanceof Error ? error.message : String(error)) as ApiEnvelope<T>;
    }
  }
  return settle(envelope, method, path, url, sent, hideError === true, cause);
}

async function settle<T>(
  received: ApiEnvelope<T>,
  method: HttpMethod,
  path: string,
  url: string,
  sent: HttpOptions,
  hideError: boolean,
  cause: unknown,
): Promise<ApiEnvelope<T>> {
  adoptResponseToken(received.token);
  const bare = pathOnly(path);
  let envelope = received;
  if (envelope.ret_code === RetCode.Unbind2faSendCode && bare === UNBIND_GOOGLE_2FA_SEND_EMAIL_CODE_PATH) {
    envelope = { ...envelope, ret_code: RetCode.Unbind2faSendCodeMapped };
  }
  const code = envelope.ret_code;
  const isProfile = bare === PROFILE_PATH;
  // Spec: 10007/33003/10009 drop the cached answer except for the profile. Beyond the spec, an error answer
  // is never served from cache either, so a transient failure is not replayed for a whole ttl.
  if (sent.useCache && ((isSilentCode(code) && !isProfile) || !isSuccessCode(code))) {
    await dropCachedResponse(method, url, sent);
  }
  if (isSuccessCode(code) || isPasswordWrongResult(code, passErrCount(envelope))) return envelope;

  // How an error is shown (policy tables, toasts, the 10006 handler) loads with the first error answer.
  const { rejectAnswer } = await import('./envelope-errors');
  return rejectAnswer(envelope, bare, hideError, cause, sessionToast);
}

/** Forgets the 10006 toast throttle (tests, and after a fresh login). */
export function resetSessionToastThrottle(): void {
  sessionToast.last = -Infinity;
}

/** The arguments after the endpoint: the body may be left out when the call takes no input. */
export type CallArgs<E extends Endpoint> =
  Record<never, never> extends RequestOf<E>
    ? [body?: RequestOf<E>, options?: ApiOptions]
    : [body: RequestOf<E>, options?: ApiOptions];

/**
 * One call of the contract's endpoint table: the method, the path and the cache policy come from
 * the entry; the body (the query for GET) and the result are typed by its schemas. Options given
 * here win over the entry's cache policy.
 */
function call<E extends Endpoint>(
  endpoint: E,
  ...[body, options]: CallArgs<E>
): Promise<ApiEnvelope<ResultOf<E>> | null> {
  const cache = endpoint.cache === 'no-store' ? {} : { useCache: true, ttl: endpoint.cache.privateTtlMs };
  const input = endpoint.method === 'GET' ? { params: body as Fields | undefined } : { data: body };
  return request<ResultOf<E>>(endpoint.method, endpoint.path, { ...cache, ...input, ...options });
}

/** How feature modules call the API: `api.call(endpoints.login, body)`. */
export const api = { call };
