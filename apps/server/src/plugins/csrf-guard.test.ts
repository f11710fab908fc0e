import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import { ok } from '../lib/envelope.js';
import { rawRequest } from '../test-support/raw-http.js';
import csrfGuard from './csrf-guard.js';
import errorEnvelope from './error-envelope.js';

describe('csrf-guard', () => {
  let app: FastifyInstance;
  let writes: number;
  beforeEach(async () => {
    writes = 0;
    app = Fastify();
    await app.register(errorEnvelope);
    await app.register(csrfGuard);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'GET'] as const) {
      app.route({
        method,
        url: '/x-api/thing',
        handler: async () => (method === 'GET' ? ok(writes) : ok(++writes)),
      });
    }
    app.post('/elsewhere', async () => 'not the API');
    // As the modules are: inside a plugin, under the API prefix.
    app.register(
      async (api) => {
        api.post('/deep/write', async () => ok(++writes));
      },
      { prefix: '/x-api' },
    );
  });
  afterEach(() => app.close());

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'rejects %s without the platform header (403, 10008)',
    async (method) => {
      const res = await app.inject({ method, url: '/x-api/thing', payload: {} });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ ret_code: RetCode.CsrfRejected, result: null });
      expect(writes).toBe(0);
    },
  );

  it('rejects an empty platform header', async () => {
    const res = await app.inject({ method: 'POST', url: '/x-api/thing', headers: { platform: ' ' } });
    expect(res.statusCode).toBe(403);
  });

  it('rejects a cross-site form post before reading the body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/x-api/thing',
      payload: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    });
    expect(res.json().ret_code).toBe(RetCode.CsrfRejected);
    expect(writes).toBe(0);
  });

  it('lets state-changing calls with the header through', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/x-api/thing',
      headers: { platform: 'pc' },
      payload: {},
    });
    expect(res.json()).toMatchObject({ ret_code: 0, result: 1 });
  });

  it('leaves safe methods and non-API paths alone', async () => {
    expect((await app.inject({ method: 'GET', url: '/x-api/thing' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/elsewhere' })).body).toBe('not the API');
  });

  // The router percent-decodes the path, so these reach the routes above: the guard, attached to
  // the route, must hold for them (a guard matched against the raw URL let them through).
  it.each([
    '/%78-api/thing',
    '/x-api/thin%67',
    '/x%2Dapi/thing',
    '/%78-api/deep/write',
    '/x-api/deep/writ%65',
  ])('guards the route whatever spelling reached it: %s', async (url) => {
    const res = await app.inject({ method: 'POST', url });
    expect(res.statusCode).toBe(403);
    expect(res.json().ret_code).toBe(RetCode.CsrfRejected);
    expect(writes).toBe(0);
  });

  it('guards a route reached by an absolute-form target', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    for (const target of ['http://localhost/x-api/thing', 'http://localhost/x-api/deep/write']) {
      const res = await rawRequest(port, { method: 'POST', target });
      expect(res.status, target).toBe(403);
    }
    expect(writes).toBe(0);
  });

  it('lets the header through on a prefixed route', async () => {
    const res = await app.inject({ method: 'POST', url: '/x-api/deep/write', headers: { platform: 'pc' } });
    expect(res.json()).toMatchObject({ ret_code: 0, result: 1 });
  });
});
