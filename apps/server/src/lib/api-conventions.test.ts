import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildApp, type App } from '../app.js';
import { testConfig } from '../test-support/test-app.js';
import { apiResponse, ok } from './envelope.js';

/** The conventions as wired in the real app (app.ts), not just each plugin alone. */
describe('API conventions in the built app', () => {
  let app: App;
  beforeAll(async () => {
    app = buildApp(testConfig());
    // A stand-in module route, registered where modules go (under the API base).
    app.register(
      async (api) => {
        api
          .withTypeProvider<ZodTypeProvider>()
          .post(
            '/echo',
            { schema: { body: z.object({ x: z.string() }), response: apiResponse(z.number()) } },
            async (req) => ok(req.body.x.length),
          );
      },
      { prefix: '/x-api' },
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers unknown API routes with the envelope and leaves other paths to the pages', async () => {
    const api = await app.inject({ method: 'GET', url: '/x-api/no/such/route' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ ret_code: RetCode.RouteNotFound, result: null });
    expect(api.headers['cache-control']).toBe('no-store');
    const page = await app.inject({ method: 'GET', url: '/no/such/page', headers: { accept: 'text/html' } });
    expect(page.body).not.toContain('ret_code');
  });

  it('guards state-changing API calls against CSRF', async () => {
    const res = await app.inject({ method: 'POST', url: '/x-api/echo', payload: { x: 'abc' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().ret_code).toBe(RetCode.CsrfRejected);
    // The guard belongs to routes: a path with no route changes nothing and is simply unknown.
    const none = await app.inject({ method: 'POST', url: '/x-api/anything', payload: {} });
    expect(none.statusCode).toBe(404);
    expect(none.json().ret_code).toBe(RetCode.RouteNotFound);
  });

  it('refuses non-JSON bodies', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/x-api/echo',
      payload: 'a=1',
      headers: { platform: 'pc', 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().ret_code).toBe(RetCode.UnsupportedMediaType);
  });

  it('accepts a valid JSON body and refuses one over 64 KiB', async () => {
    const small = await app.inject({
      method: 'POST',
      url: '/x-api/echo',
      payload: { x: 'abc' },
      headers: { platform: 'pc' },
    });
    expect(small.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: 3 });
    const res = await app.inject({
      method: 'POST',
      url: '/x-api/echo',
      payload: JSON.stringify({ x: 'y'.repeat(70 * 1024) }),
      headers: { platform: 'pc', 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().ret_code).toBe(RetCode.PayloadTooLarge);
  });

  it('refuses a body that is not UTF-8 instead of repairing it (fuzz finding: logout ran on it)', async () => {
    for (const bytes of [[0x80], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xff]]) {
      const res = await app.inject({
        method: 'POST',
        url: '/x-api/echo',
        payload: Buffer.concat([Buffer.from('{"x":"a'), Buffer.from(bytes), Buffer.from('"}')]),
        headers: { platform: 'pc', 'content-type': 'application/json' },
      });
      expect(res.statusCode, bytes.join(',')).toBe(400);
      expect(res.json().ret_code).toBe(RetCode.ParamsInvalid);
    }
    const bom = await app.inject({
      method: 'POST',
      url: '/x-api/echo',
      payload: Buffer.from('\ufeff{"x":"Zoë"}', 'utf8'),
      headers: { platform: 'pc', 'content-type': 'application/json' },
    });
    expect(bom.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: 3 });
  });

  it('has a working session service on the store', async () => {
    const token = await app.sessions.create('user-1');
    expect(await app.sessions.verify(token)).toMatchObject({ userId: 'user-1' });
  });
});
