import * as endpoints from '@gatehouse/contract/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, codesOf, type Endpoint } from '@gatehouse/contract';
import type { App } from './app.js';
import { testApp } from './test-support/test-app.js';

/**
 * The endpoint table (packages/contract/src/api/endpoints/) is the one definition of the API:
 * every entry is served, every API route is an entry, and the OpenAPI document says what the table
 * says. Routes outside the table, each with its reason:
 */
const NOT_IN_TABLE: Record<string, string> = {
  'GET /x-api/openapi.json': 'the document that describes the table; not a call of the product',
};

type OpenApiOperation = { 'x-ret-codes'?: string[]; security?: unknown[] };
type OpenApiDoc = { paths: Record<string, Record<string, OpenApiOperation>> };

const entries = Object.entries(endpoints) as [string, Endpoint][];
const key = (method: string, path: string) => `${method} ${path}`;

describe('the endpoint table and the server agree', () => {
  let app: App;
  let doc: OpenApiDoc;
  beforeAll(async () => {
    app = await testApp();
    doc = (await app.inject({ method: 'GET', url: `${API_BASE}/openapi.json` })).json<OpenApiDoc>();
  });
  afterAll(() => app.close());

  it('serves every entry, registered from that entry', () => {
    const routes = new Map(app.apiRoutes.map((r) => [key(r.method, r.url), r]));
    for (const [name, entry] of entries) {
      const route = routes.get(key(entry.method, API_BASE + entry.path));
      expect(route, `${name}: no route for ${entry.method} ${entry.path}`).toBeDefined();
      expect(route?.endpoint, `${name}: registered without endpointRoute()`).toBe(entry);
    }
  });

  it('has an entry for every API route', () => {
    const inTable = new Set(entries.map(([, e]) => key(e.method, API_BASE + e.path)));
    const strays = app.apiRoutes
      .map((r) => key(r.method, r.url))
      .filter((route) => !inTable.has(route) && !NOT_IN_TABLE[route]);
    expect(strays, 'add these calls to packages/contract/src/api/endpoints/').toEqual([]);
  });

  it('documents in OpenAPI exactly the entries, with their codes and session requirement', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => key(method.toUpperCase(), path)),
    );
    const expected = entries.map(([, e]) => key(e.method, API_BASE + e.path));
    expect(documented.sort()).toEqual(expected.sort());
    for (const [name, entry] of entries) {
      const op = doc.paths[API_BASE + entry.path]?.[entry.method.toLowerCase()];
      expect(op?.['x-ret-codes'], name).toEqual(codesOf(entry));
      expect(Boolean(op?.security), `${name}: security in OpenAPI iff private`).toBe(!entry.public);
    }
  });

  it('answers SessionExpired without a session on every private entry, and never asks a public one for it', async () => {
    for (const [name, entry] of entries.filter(([, e]) => !e.public)) {
      const res = await app.inject({
        method: entry.method,
        url: API_BASE + entry.path,
        headers: { platform: 'pc', 'content-type': 'application/json' },
        ...(entry.method === 'POST' ? { payload: '{}' } : {}),
      });
      expect(res.json<{ ret_code: number }>().ret_code, name).toBe(10006);
    }
  });
});
