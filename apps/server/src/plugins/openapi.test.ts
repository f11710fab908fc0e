import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { testApp } from '../test-support/test-app.js';
import { missingSchemaParts } from './openapi.js';

/**
 * Routes under the API base that may go without a full schema, each with the reason.
 * Keep this short: a route without a schema is unvalidated input and a hole in the document.
 */
const ALLOWLIST: Record<string, string> = {
  'GET /x-api/openapi.json': 'serves the document itself; its shape is OpenAPI, not an envelope',
};

describe('OpenAPI document', () => {
  let app: App;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  it('is served as JSON at /x-api/openapi.json', async () => {
    const res = await app.inject({ method: 'GET', url: '/x-api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths).toHaveProperty('/x-api/health');
    expect(doc.paths).not.toHaveProperty('/x-api/openapi.json');
  });

  it('sees the API routes', () => {
    expect(app.apiRoutes.length).toBeGreaterThan(0);
  });

  it('has a schema for the input and the 200 answer of every API route', () => {
    const gaps = app.apiRoutes
      .filter((route) => !ALLOWLIST[`${route.method} ${route.url}`])
      .map((route) => ({ route: `${route.method} ${route.url}`, missing: missingSchemaParts(route) }))
      .filter((gap) => gap.missing.length > 0);
    expect(gaps, 'register API routes with endpointRoute() (lib/endpoint-route.ts)').toEqual([]);
  });

  it('keeps the allowlist honest: every entry is a registered route', () => {
    const registered = new Set(app.apiRoutes.map((r) => `${r.method} ${r.url}`));
    for (const entry of Object.keys(ALLOWLIST)) expect(registered, entry).toContain(entry);
  });
});

describe('missingSchemaParts', () => {
  const response = { 200: {} };
  it('wants a body on state-changing methods and a querystring on GET', () => {
    expect(missingSchemaParts({ method: 'POST', url: '/x', schema: { response } })).toEqual(['body']);
    expect(missingSchemaParts({ method: 'GET', url: '/x', schema: { response } })).toEqual(['querystring']);
    expect(missingSchemaParts({ method: 'GET', url: '/x', schema: { querystring: {}, response } })).toEqual(
      [],
    );
  });

  it('wants the 200 answer', () => {
    expect(missingSchemaParts({ method: 'POST', url: '/x', schema: { body: {} } })).toEqual(['response 200']);
    expect(missingSchemaParts({ method: 'GET', url: '/x', schema: undefined })).toEqual([
      'querystring',
      'response 200',
    ]);
  });
});
