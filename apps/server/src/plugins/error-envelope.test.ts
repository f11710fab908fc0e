import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RetCode } from '@gatehouse/contract';
import { ApiError } from '../lib/api-error.js';
import { apiResponse, ok } from '../lib/envelope.js';
import { ERROR_NAMESPACE, loadErrorMessages } from '../lib/error-messages.js';
import errorEnvelope from './error-envelope.js';

const localesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-envelope-'));
for (const [lng, table] of [
  [
    'en',
    {
      10000: 'Internal',
      10001: 'Invalid params',
      10003: 'No such route',
      10004: 'JSON only',
      10005: 'Too big',
      10016: 'Slow down',
      31003: 'Banned',
    },
  ],
  ['de', { 10001: 'Ungültige Parameter' }],
] as const) {
  fs.mkdirSync(path.join(localesDir, lng));
  fs.writeFileSync(path.join(localesDir, lng, `${ERROR_NAMESPACE}.json`), JSON.stringify(table));
}
afterAll(() => fs.rmSync(localesDir, { recursive: true, force: true }));

interface Logged {
  level: number;
  msg: string;
  reqId?: string;
  err?: { message: string };
}

/** A small app with the plugin and test routes; `items` stands in for the store. */
async function build(logs: Logged[] = []): Promise<{ app: FastifyInstance; items: string[] }> {
  const items: string[] = [];
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => logs.push(JSON.parse(line) as Logged) } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorEnvelope, { messages: loadErrorMessages(localesDir), bodyLimit: 1024 });
  await app.register(rateLimit, { global: false });
  await app.register(
    async (api) => {
      const r = api.withTypeProvider<ZodTypeProvider>();
      r.post(
        '/items',
        {
          schema: {
            body: z.object({ name: z.string().min(2), tags: z.array(z.string()).optional() }),
            response: apiResponse(z.object({ count: z.number() })),
          },
        },
        async (request) => {
          items.push(request.body.name);
          return ok({ count: items.length });
        },
      );
      r.get(
        '/items',
        {
          schema: {
            querystring: z.object({ limit: z.coerce.number().int().max(10) }),
            response: apiResponse(z.array(z.string())),
          },
        },
        async (request) => ok(items.slice(0, request.query.limit)),
      );
      r.post('/logout', { schema: { response: apiResponse(z.null()) } }, async () => ok(null));
      r.get('/banned', { schema: { response: apiResponse(z.object({ id: z.string() })) } }, async () => {
        throw new ApiError(RetCode.AccountBanned, undefined, 200, { baned_time: 1 });
      });
      r.get('/custom', async () => {
        throw new ApiError(RetCode.TooFrequent, 'Try again in 60 s', 200);
      });
      r.get('/crash', async () => {
        throw new Error('db password=hunter2 leaked in a message');
      });
      r.get('/bad-response', { schema: { response: apiResponse(z.object({ id: z.string() })) } }, async () =>
        ok({ id: 1 } as unknown as { id: string }),
      );
      r.get('/limited', { config: { rateLimit: { max: 1, timeWindow: 60_000 } } }, async () => ok(true));
    },
    { prefix: '/x-api' },
  );
  app.get('/page', async () => 'a page');
  return { app, items };
}

describe('error-envelope', () => {
  let app: FastifyInstance;
  let items: string[];
  const logs: Logged[] = [];
  beforeEach(async () => {
    logs.length = 0;
    ({ app, items } = await build(logs));
  });
  afterEach(() => app.close());

  const post = (url: string, payload: string, contentType = 'application/json') =>
    app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, platform: 'pc' } });

  it('passes a valid call through with the success envelope', async () => {
    const res = await post('/x-api/items', JSON.stringify({ name: 'ab' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: { count: 1 } });
  });

  it('answers PARAMS_INVALID naming the field, at HTTP 200, and writes nothing', async () => {
    const res = await post('/x-api/items', JSON.stringify({ name: 'a' }));
    expect(res.statusCode).toBe(200);
    const body = res.json<{ ret_code: number; ret_msg: string; result: { issues: unknown[] } }>();
    expect(body.ret_code).toBe(RetCode.ParamsInvalid);
    expect(body.ret_msg).toMatch(/^Invalid params \(name: /);
    expect(body.result.issues).toEqual([{ in: 'body', field: 'name', message: expect.any(String) }]);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(items).toEqual([]);
  });

  it('names nested fields and query fields', async () => {
    const nested = await post('/x-api/items', JSON.stringify({ name: 'ab', tags: ['x', 3] }));
    expect(nested.json().result.issues[0]).toMatchObject({ in: 'body', field: 'tags.1' });
    const query = await app.inject({ method: 'GET', url: '/x-api/items?limit=99' });
    expect(query.json()).toMatchObject({
      ret_code: RetCode.ParamsInvalid,
      result: { issues: [{ in: 'querystring', field: 'limit' }] },
    });
  });

  it('reports a missing body as invalid, not as a crash', async () => {
    const res = await post('/x-api/items', '');
    expect(res.json()).toMatchObject({ ret_code: RetCode.ParamsInvalid });
    expect(items).toEqual([]);
  });

  it('accepts an empty JSON body where none is needed', async () => {
    const res = await post('/x-api/logout', '');
    expect(res.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: null });
  });

  it('answers malformed JSON with PARAMS_INVALID and HTTP 400', async () => {
    const res = await post('/x-api/items', '{"name": "ab"');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ret_code: RetCode.ParamsInvalid, ret_msg: 'Invalid params', result: null });
    expect(items).toEqual([]);
  });

  it('refuses prototype poisoning', async () => {
    const res = await post('/x-api/items', '{"name":"ab","__proto__":{"admin":true}}');
    expect(res.statusCode).toBe(400);
    expect(items).toEqual([]);
  });

  it('answers an oversized body with PAYLOAD_TOO_LARGE and HTTP 413', async () => {
    const res = await post('/x-api/items', JSON.stringify({ name: 'x'.repeat(2000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ ret_code: RetCode.PayloadTooLarge, ret_msg: 'Too big', result: null });
    expect(items).toEqual([]);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'answers %s with UNSUPPORTED_MEDIA_TYPE and HTTP 415',
    async (type) => {
      const res = await post('/x-api/items', 'name=ab', type);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ ret_code: RetCode.UnsupportedMediaType, ret_msg: 'JSON only' });
      expect(items).toEqual([]);
    },
  );

  // Spellings the router maps to the same route (it percent-decodes the path): the rule is
  // attached to the route, so it holds for them too.
  it.each(['/%78-api/items', '/x-api/item%73', '/x%2Dapi/items'])(
    'refuses a non-JSON body on %s as on the plain spelling',
    async (url) => {
      const res = await post(url, 'name=ab', 'text/plain');
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ ret_code: RetCode.UnsupportedMediaType });
      expect(items).toEqual([]);
    },
  );

  it('accepts JSON with a charset', async () => {
    const res = await post('/x-api/items', JSON.stringify({ name: 'ab' }), 'application/json; charset=utf-8');
    expect(res.json()).toMatchObject({ ret_code: 0 });
  });

  it('answers unknown API routes with ROUTE_NOT_FOUND and HTTP 404', async () => {
    for (const url of ['/x-api/nope', '/x-api/v9/private/x?y=1', '/x-api']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({
        ret_code: RetCode.RouteNotFound,
        ret_msg: 'No such route',
        result: null,
      });
    }
  });

  it('leaves unknown non-API paths to the default (pages) handler', async () => {
    const res = await app.inject({ method: 'GET', url: '/somewhere' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('ret_code');
    expect(res.body).not.toContain('somewhere');
  });

  it('answers an ApiError with its code, catalogue text and result', async () => {
    const res = await app.inject({ method: 'GET', url: '/x-api/banned' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ret_code: RetCode.AccountBanned,
      ret_msg: 'Banned',
      result: { baned_time: 1 },
    });
  });

  it('prefers the thrower’s own message', async () => {
    const res = await app.inject({ method: 'GET', url: '/x-api/custom' });
    expect(res.json()).toEqual({
      ret_code: RetCode.TooFrequent,
      ret_msg: 'Try again in 60 s',
      result: null,
    });
  });

  it('localises ret_msg by the Lang header, falling back to English', async () => {
    const de = await post('/x-api/items', '{bad', 'application/json');
    expect(de.json().ret_msg).toBe('Invalid params');
    const res = await app.inject({
      method: 'POST',
      url: '/x-api/items',
      payload: '{bad',
      headers: { 'content-type': 'application/json', lang: 'de-DE' },
    });
    expect(res.json().ret_msg).toBe('Ungültige Parameter');
    const fr = await app.inject({ method: 'GET', url: '/x-api/banned', headers: { lang: 'fr' } });
    expect(fr.json().ret_msg).toBe('Banned');
  });

  it('hides crashes behind INTERNAL_ERROR 500 with the request id, and logs them', async () => {
    const res = await app.inject({ method: 'GET', url: '/x-api/crash' });
    expect(res.statusCode).toBe(500);
    const body = res.json<{ ret_code: number; result: { request_id: string } }>();
    expect(body).toEqual({
      ret_code: RetCode.InternalError,
      ret_msg: 'Internal',
      result: { request_id: expect.any(String) },
    });
    expect(res.body).not.toMatch(/hunter2|at |\.ts/);
    const logged = logs.find((l) => l.level === 50);
    expect(logged?.reqId).toBe(body.result.request_id);
    expect(logged?.err?.message).toContain('leaked');
  });

  it('treats a response that breaks its own schema as an internal error', async () => {
    const res = await app.inject({ method: 'GET', url: '/x-api/bad-response' });
    expect(res.statusCode).toBe(500);
    expect(res.json().ret_code).toBe(RetCode.InternalError);
  });

  it('answers the rate limit with TOO_FREQUENT and HTTP 429', async () => {
    expect((await app.inject({ method: 'GET', url: '/x-api/limited' })).statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: '/x-api/limited' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ ret_code: RetCode.TooFrequent, ret_msg: 'Slow down', result: null });
    expect(res.headers['retry-after']).toBeDefined();
  });
});
