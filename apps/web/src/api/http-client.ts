import { RESPONSE_CACHE_TTL_MS } from '@gatehouse/contract';
import type { CacheType } from './cache/response-cache';
import { apiConfig } from './config';
import { HttpError, NetworkError, ParseError, TimeoutError } from './errors';
import { reportRequest } from './monitor';
import { compactFields, isPlainObject, withQuery, type Fields } from './payload';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ResponseType = 'json' | 'text' | 'blob' | 'arraybuffer';

/** The transport options of spec §7. */
export interface HttpOptions {
  /** Query fields; empty, null and undefined ones are dropped. */
  params?: Fields;
  /** Body. A plain object is compacted and sent as JSON; on GET its fields join the query instead (spec §5). */
  data?: unknown;
  headers?: Record<string, string>;
  /** Milliseconds before the call is aborted; default 30000 (spec §9). */
  timeout?: number;
  /** Serve a fresh cached answer and cache this one (any method: POST /v3/config/web is cached too). */
  useCache?: boolean;
  /** Life of the cached answer; default 60000 ms. */
  ttl?: number;
  /** `memory` (default, LRU of 20) or `persistent` (local storage, survives reloads). */
  cacheType?: CacheType;
  /** How to read the body; default `json`, which falls back to the raw text when the body is not JSON. */
  responseType?: ResponseType;
  /** Lets a caller (e.g. an unmounting component) cancel; the rejection is then the AbortError itself. */
  signal?: AbortSignal;
  /** fetch's `keepalive`: the request outlives the page (monitor reports sent as the tab closes). */
  keepalive?: boolean;
}

const RESPONSE_TYPES: readonly string[] = ['json', 'text', 'blob', 'arraybuffer'];

interface Prepared {
  url: string;
  body: BodyInit | undefined;
}

/**
 * The response cache, loaded with the first call that uses it: a page whose calls are not cached
 * (the consent page's) never downloads it (issue 12, npm run bench:web).
 */
const responseCache = () => import('./cache/response-cache');

/** Same method, URL and payload → same URL and body (and so cache key), whether sending or invalidating. */
function prepare(method: HttpMethod, url: string, { params, data }: HttpOptions): Prepared {
  const queryFields = method === 'GET' && isPlainObject(data) ? { ...data, ...params } : params;
  const fullUrl = withQuery(url, queryFields);
  let body: BodyInit | undefined;
  if (method !== 'GET') {
    if (isPlainObject(data)) body = JSON.stringify(compactFields(data));
    else if (Array.isArray(data)) body = JSON.stringify(data);
    else if (data !== undefined && data !== null) body = data as BodyInit;
    // Fastify (like most JSON servers) refuses an empty body declared as JSON.
    else body = '{}';
  }
  return { url: fullUrl, body };
}

/** Drops the cached answer of one request (spec §8: codes 10007, 33003, 10009). */
export async function dropCachedResponse(
  method: HttpMethod,
  url: string,
  options: HttpOptions = {},
): Promise<void> {
  const { cacheKey, cacheStore } = await responseCache();
  const { url: fullUrl, body } = prepare(method, url, options);
  (await cacheStore(options.cacheType)).delete(
    cacheKey(method, fullUrl, typeof body === 'string' ? body : undefined),
  );
}

async function readBody(response: Response, type: ResponseType): Promise<unknown> {
  if (type === 'blob') return response.blob();
  if (type === 'arraybuffer') return response.arrayBuffer();
  const text = await response.text();
  if (type === 'text') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const inFlight = new Map<string, Promise<unknown>>();

/**
 * One HTTP call on fetch: credentials included, JSON headers, timeout, optional cache. Resolves to the
 * body; rejects with TimeoutError, HttpError (non-2xx, with the body), NetworkError (no answer) or
 * ParseError (unknown responseType).
 */
export function httpRequest<T = unknown>(
  method: HttpMethod,
  url: string,
  options: HttpOptions = {},
): Promise<T> {
  const responseType = options.responseType ?? 'json';
  if (!RESPONSE_TYPES.includes(responseType)) return Promise.reject(new ParseError());
  const prepared = prepare(method, url, options);
  const request = options.useCache
    ? cached(method, prepared, options, responseType)
    : send(method, prepared, options, responseType);
  return request as Promise<T>;
}

async function cached(
  method: HttpMethod,
  prepared: Prepared,
  options: HttpOptions,
  responseType: ResponseType,
) {
  const { cacheKey, cacheStore } = await responseCache();
  const key = cacheKey(method, prepared.url, typeof prepared.body === 'string' ? prepared.body : undefined);
  const store = await cacheStore(options.cacheType);
  const hit = store.get(key);
  if (hit !== undefined) return hit;
  // Identical cached calls made at the same time (e.g. two components asking for the profile) share one request.
  const flightKey = `${options.cacheType ?? 'memory'} ${key}`;
  let pending = inFlight.get(flightKey);
  if (!pending) {
    pending = send(method, prepared, options, responseType)
      .then((data) => {
        store.set(key, data, options.ttl ?? RESPONSE_CACHE_TTL_MS);
        return data;
      })
      .finally(() => inFlight.delete(flightKey));
    inFlight.set(flightKey, pending);
  }
  return pending;
}

async function send(
  method: HttpMethod,
  { url, body }: Prepared,
  options: HttpOptions,
  responseType: ResponseType,
): Promise<unknown> {
  const timeout = options.timeout ?? apiConfig().timeout;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeout);
  const cancel = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', cancel, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*' };
  // FormData, Blob and URLSearchParams set their own content type.
  if (body === undefined || typeof body === 'string') headers['Content-Type'] = 'application/json';

  const started = performance.now();
  let status = 0;
  try {
    const response = await fetch(url, {
      method,
      body,
      headers: { ...headers, ...options.headers },
      credentials: 'include',
      signal: controller.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
    status = response.status;
    const data = await readBody(response, responseType);
    if (!response.ok) throw new HttpError(response.status, data);
    return data;
  } catch (error) {
    if (timedOut) throw new TimeoutError(timeout);
    if (error instanceof HttpError || options.signal?.aborted) throw error;
    throw new NetworkError(error);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
    reportRequest(method, url, status, performance.now() - started);
  }
}
