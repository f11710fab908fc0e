import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHAR_MESSAGE, RetCode } from '@gatehouse/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildApp, type App } from '../app.js';
import { testConfig } from '../test-support/test-app.js';
import { apiResponse, ok } from './envelope.js';

const INPUT_PARTS = ['body', 'querystring', 'params', 'headers'] as const;

describe('the safe-input check on every route', () => {
  let app: App;
  const routes: { method: string; url: string; parts: string[] }[] = [];

  beforeAll(async () => {
    app = buildApp(testConfig());
    // Routes are added while the app loads, so this hook, added before ready(), sees every one.
    app.addHook('onRoute', (route) => {
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const parts = INPUT_PARTS.filter((part) => schema[part] !== undefined);
      for (const method of ([] as string[]).concat(route.method)) {
        if (method !== 'HEAD' && parts.length > 0) routes.push({ method, url: route.url, parts });
      }
    });
    // A stand-in module route with every input part, where modules go.
    app.register(
      async (api) => {
        api.withTypeProvider<ZodTypeProvider>().post(
          '/probe/:id',
          {
            schema: {
              params: z.object({ id: z.string() }),
              querystring: z.object({ q: z.string().optional() }),
              headers: z.object({ lang: z.string().optional() }),
              body: z.object({ name: z.string(), tags: z.array(z.string()).optional() }),
              response: apiResponse(z.string()),
            },
          },
          async (req) => ok(req.body.name),
        );
      },
      { prefix: '/x-api' },
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('compiles every input schema of every route through the guarded compiler', () => {
    expect(routes.length).toBeGreaterThan(40);
    const escaped = routes.flatMap((r) =>
      r.parts
        .filter((part) => !app.guardedInputs.has(`${r.method} ${r.url} ${part}`))
        .map((p) => `${r.method} ${r.url} ${p}`),
    );
    // A route with its own validatorCompiler, or a plugin calling setValidatorCompiler, shows up here.
    expect(escaped).toEqual([]);
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers: { platform: 'pc', 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(payload),
    });

  it('refuses a control character in the body with PARAMS_INVALID naming the field', async () => {
    const res = await post('/x-api/probe/1', { name: 'a\u0000b' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ret_code: RetCode.ParamsInvalid,
      result: { issues: [{ in: 'body', field: 'name', message: CONTROL_CHAR_MESSAGE }] },
    });
  });

  it('refuses it in nested values, unknown fields and keys too', async () => {
    for (const body of [
      { name: 'ok', tags: ['x', 'y\u2028'] },
      { name: 'ok', extra: '\u007f' },
      { name: 'ok', 'k\u0001': 1 },
    ]) {
      const res = await post('/x-api/probe/1', body);
      expect(res.json().ret_code, JSON.stringify(body)).toBe(RetCode.ParamsInvalid);
    }
  });

  it('refuses it in the query, the path and the named headers', async () => {
    for (const [url, headers] of [
      ['/x-api/probe/1?q=%00', {}],
      ['/x-api/probe/1?other=%C2%85', {}],
      ['/x-api/probe/a%0Ab', {}],
      ['/x-api/probe/1', { lang: 'e\u0085n' }],
    ] as const) {
      const res = await post(url, { name: 'ok' }, headers);
      expect(res.json().ret_code, url).toBe(RetCode.ParamsInvalid);
    }
  });

  it('leaves headers the schema does not name alone (user agents carry Latin-1 bytes)', async () => {
    const res = await post('/x-api/probe/1', { name: 'Zoë 😀' }, { 'user-agent': 'Ã\u0085' });
    expect(res.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: 'Zoë 😀' });
  });

  it('refuses absurd nesting instead of recursing into it', async () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 2000; i++) deep = [deep];
    const res = await post('/x-api/probe/1', { name: 'ok', tags: deep });
    expect(res.json().ret_code).toBe(RetCode.ParamsInvalid);
  });
});
