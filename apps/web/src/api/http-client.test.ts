// @vitest-environment jsdom
import { SLOW_REQUEST_MS } from '@gatehouse/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearResponseCache } from './cache/response-cache';
import { PERSISTENT_CACHE_KEY } from './cache/persistent-cache';
import { HttpError, NetworkError, ParseError, TimeoutError } from './errors';
import { httpRequest, type ResponseType } from './http-client';
import { setMonitor, type MonitorEvent } from './monitor';
import { refusedBaseUrl, startTestServer, type TestServer } from './test-support/api-test-server';

let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer((app) => {
    app.get('/text', async (_req, reply) => reply.type('text/plain').send('not { json'));
    app.get('/teapot', async (_req, reply) => reply.status(418).send({ reason: 'short and stout' }));
    app.get('/forbidden', async (_req, reply) => reply.status(403).send('denied'));
    app.get('/counter', async () => ({ n: server.hits.get('/counter') }));
    app.post('/counter', async () => ({ n: server.hits.get('/counter') }));
  });
  base = server.baseUrl;
});
afterAll(() => server.close());
afterEach(async () => {
  await clearResponseCache();
  setMonitor(undefined);
  vi.useRealTimers();
});

interface Echo {
  result: { method: string; query: Record<string, string>; headers: Record<string, string>; body: unknown };
}

describe('transport', () => {
  it('aborts after the timeout with "timeout of {n}ms exceeded"', async () => {
    const error = await httpRequest('GET', `${base}/slow`, {
      timeout: 50,
      headers: { 'x-test-delay': '500' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ type: 'Timeout', message: 'timeout of 50ms exceeded' });
  });

  it('rejects a non-2xx answer with an HttpError carrying status and body', async () => {
    const error = await httpRequest('GET', `${base}/teapot`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 418, body: { reason: 'short and stout' } });
  });

  it('returns a body that is not JSON as raw text', async () => {
    await expect(httpRequest('GET', `${base}/text`)).resolves.toBe('not { json');
  });

  it('reads text, blob and arraybuffer bodies', async () => {
    await expect(httpRequest('GET', `${base}/text`, { responseType: 'text' })).resolves.toBe('not { json');
    const blob = await httpRequest<Blob>('GET', `${base}/text`, { responseType: 'blob' });
    expect(await blob.text()).toBe('not { json');
    const buffer = await httpRequest<ArrayBuffer>('GET', `${base}/text`, { responseType: 'arraybuffer' });
    expect(buffer.byteLength).toBe(10);
  });

  it('rejects an unknown responseType with ParseError "responseType not support"', async () => {
    const error = await httpRequest('GET', `${base}/text`, { responseType: 'xml' as ResponseType }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ParseError);
    expect(error).toMatchObject({ message: 'responseType not support' });
  });

  it('turns a refused connection into ret_code -200', async () => {
    const error = await httpRequest('GET', `${await refusedBaseUrl()}/x`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ ret_code: -200 });
  });

  it('sends JSON content and accept headers', async () => {
    const { result } = await httpRequest<Echo>('POST', `${base}/echo`, { data: { a: 1 } });
    expect(result.headers['content-type']).toBe('application/json');
    expect(result.headers.accept).toContain('application/json');
    expect(result.body).toEqual({ a: 1 });
  });

  it('sends the fields of a GET body as a URL-encoded query string', async () => {
    const { result } = await httpRequest<Echo>('GET', `${base}/echo`, {
      data: { name: 'a b&c', n: 2 },
      params: { p: 'x' },
    });
    expect(result.method).toBe('GET');
    expect(result.query).toEqual({ name: 'a b&c', n: '2', p: 'x' });
    expect(result.body).toBeNull();
  });

  it('drops empty, null and undefined fields from bodies and queries', async () => {
    const post = await httpRequest<Echo>('POST', `${base}/echo`, {
      data: { keep: 'v', zero: 0, no: false, empty: '', nil: null, undef: undefined },
    });
    expect(post.result.body).toEqual({ keep: 'v', zero: 0, no: false });
    const get = await httpRequest<Echo>('GET', `${base}/echo`, {
      params: { keep: 'v', empty: '', nil: null },
    });
    expect(get.result.query).toEqual({ keep: 'v' });
  });

  it('sends {} for a POST without data, which JSON servers require', async () => {
    const { result } = await httpRequest<Echo>('POST', `${base}/echo`);
    expect(result.body).toEqual({});
  });
});

describe('cache', () => {
  it('serves a cached answer without calling the server, per payload', async () => {
    const first = await httpRequest<{ n: number }>('GET', `${base}/counter`, { useCache: true });
    const second = await httpRequest<{ n: number }>('GET', `${base}/counter`, { useCache: true });
    expect(second.n).toBe(first.n);
    const other = await httpRequest<{ n: number }>('GET', `${base}/counter`, {
      useCache: true,
      params: { q: 1 },
    });
    expect(other.n).toBe(first.n + 1);
    const post = await httpRequest<{ n: number }>('POST', `${base}/counter`, {
      useCache: true,
      data: { a: 1 },
    });
    const postAgain = await httpRequest<{ n: number }>('POST', `${base}/counter`, {
      useCache: true,
      data: { a: 1 },
    });
    expect(postAgain.n).toBe(post.n);
  });

  it('shares one request between identical cached calls in flight', async () => {
    const before = server.hits.get('/counter') ?? 0;
    await Promise.all(
      [1, 2, 3].map(() => httpRequest('GET', `${base}/counter`, { useCache: true, params: { f: 1 } })),
    );
    expect(server.hits.get('/counter')).toBe(before + 1);
  });

  it('expires an answer after its ttl (default 60000 ms)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const first = await httpRequest<{ n: number }>('GET', `${base}/counter`, {
      useCache: true,
      params: { t: 1 },
    });
    vi.setSystemTime(Date.now() + 59_000);
    expect(
      (await httpRequest<{ n: number }>('GET', `${base}/counter`, { useCache: true, params: { t: 1 } })).n,
    ).toBe(first.n);
    vi.setSystemTime(Date.now() + 2_000);
    expect(
      (await httpRequest<{ n: number }>('GET', `${base}/counter`, { useCache: true, params: { t: 1 } })).n,
    ).toBe(first.n + 1);
    const short = await httpRequest<{ n: number }>('GET', `${base}/counter`, {
      useCache: true,
      ttl: 1000,
      params: { t: 2 },
    });
    vi.setSystemTime(Date.now() + 1_001);
    expect(
      (
        await httpRequest<{ n: number }>('GET', `${base}/counter`, {
          useCache: true,
          ttl: 1000,
          params: { t: 2 },
        })
      ).n,
    ).toBe(short.n + 1);
  });

  it('keeps persistent answers in local storage under the versioned key', async () => {
    await httpRequest('GET', `${base}/echo`, { useCache: true, cacheType: 'persistent', params: { p: 1 } });
    const stored = JSON.parse(localStorage.getItem(PERSISTENT_CACHE_KEY) ?? '{}') as Record<string, unknown>;
    expect(PERSISTENT_CACHE_KEY).toBe('gh-api-cache@2.0.0');
    const [entry] = Object.values(stored);
    expect(entry).toMatchObject({ expireAt: expect.any(Number), data: { ret_code: 0 } });
  });
});

describe('monitoring', () => {
  it('reports 403 answers', async () => {
    const events: MonitorEvent[] = [];
    setMonitor((event) => events.push(event));
    await httpRequest('GET', `${base}/forbidden`).catch(() => undefined);
    expect(events).toEqual([expect.objectContaining({ kind: 'forbidden', status: 403, method: 'GET' })]);
  });

  it('reports answers slower than the threshold (5000 ms by default)', async () => {
    expect(SLOW_REQUEST_MS).toBe(5000);
    const events: MonitorEvent[] = [];
    setMonitor((event) => events.push(event), { slowMs: 50 });
    await httpRequest('GET', `${base}/echo`);
    expect(events).toEqual([]);
    await httpRequest('GET', `${base}/slow`, { headers: { 'x-test-delay': '120' } });
    expect(events).toEqual([expect.objectContaining({ kind: 'slow', status: 200 })]);
    expect(events[0]?.durationMs).toBeGreaterThan(50);
  });
});
