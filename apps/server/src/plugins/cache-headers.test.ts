import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE_CACHE_TTL_MS, RESPONSE_CACHE_TTL_MS, RetCode } from '@gatehouse/contract';
import { ApiError } from '../lib/api-error.js';
import { ok } from '../lib/envelope.js';
import cacheHeaders from './cache-headers.js';
import errorEnvelope from './error-envelope.js';

describe('cache-headers', () => {
  let app: FastifyInstance;
  let fail = false;
  beforeEach(async () => {
    fail = false;
    app = Fastify();
    await app.register(errorEnvelope);
    await app.register(cacheHeaders);
    app.get('/x-api/countries', { config: { cacheTtlMs: RESPONSE_CACHE_TTL_MS } }, async () => {
      if (fail) throw new ApiError(RetCode.SystemBusy);
      return ok(['DE']);
    });
    app.get('/x-api/profile', { config: { cacheTtlMs: PROFILE_CACHE_TTL_MS } }, async () => ok({ id: '1' }));
    app.get('/x-api/plain', async () => ok(1));
    app.post('/x-api/write', { config: { cacheTtlMs: RESPONSE_CACHE_TTL_MS } }, async () => ok(1));
    app.get('/page', async () => 'page');
  });
  afterEach(() => app.close());

  it('lets declared GET routes be cached privately for their ttl', async () => {
    const countries = await app.inject({ method: 'GET', url: '/x-api/countries' });
    expect(countries.headers['cache-control']).toBe('private, max-age=60');
    expect(countries.headers.vary).toContain('Cookie');
    const profile = await app.inject({ method: 'GET', url: '/x-api/profile' });
    expect(profile.headers['cache-control']).toBe('private, max-age=10');
  });

  it('marks everything else under the API no-store', async () => {
    expect((await app.inject({ method: 'GET', url: '/x-api/plain' })).headers['cache-control']).toBe(
      'no-store',
    );
    const post = await app.inject({ method: 'POST', url: '/x-api/write', headers: { platform: 'pc' } });
    expect(post.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ method: 'GET', url: '/x-api/missing' })).headers['cache-control']).toBe(
      'no-store',
    );
  });

  it('never caches a business error on a cacheable route', async () => {
    fail = true;
    const res = await app.inject({ method: 'GET', url: '/x-api/countries' });
    expect(res.json().ret_code).toBe(RetCode.SystemBusy);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('does not touch non-API paths', async () => {
    expect((await app.inject({ method: 'GET', url: '/page' })).headers['cache-control']).toBeUndefined();
  });

  it('marks the route whatever spelling reached it (the header is attached to the route)', async () => {
    const plain = await app.inject({ method: 'GET', url: '/%78-api/plain' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ method: 'GET', url: '/x-api/countrie%73' })).headers['cache-control']).toBe(
      'private, max-age=60',
    );
  });
});
