import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import { z } from 'zod';
import { buildApp, type App } from '../app.js';
import { testConfig } from '../test-support/test-app.js';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; url: string; host?: string; remoteAddress?: string };
  res?: { statusCode: number };
  responseTime?: number;
  route?: string;
  retCode?: number;
  status?: number;
  slow?: boolean;
  err?: { message: string; stack: string };
}

const lines: string[] = [];
const requestLines = () => lines.map((l) => JSON.parse(l) as Line).filter((l) => l.reqId !== undefined);

/** An app logging into `lines`, with two routes only a test has: a crash, and a 60 ms answer. */
async function loggingApp(slowMs: number): Promise<App> {
  const app = buildApp(testConfig({ LOG_LEVEL: 'info', LOG_SLOW_MS: String(slowMs) }), {
    logStream: { write: (line: string) => void lines.push(line) },
  });
  const schema = { querystring: z.object({}), response: { 200: z.object({ ok: z.boolean() }) } };
  app.get('/x-api/test/crash', { schema }, async () => {
    throw new Error('the disk is on fire');
  });
  app.get('/x-api/test/slow', { schema }, async () => {
    await new Promise((r) => setTimeout(r, 60));
    return { ok: true };
  });
  await app.ready();
  return app;
}

let app: App;
/** Slow from 40 ms: only for the slow route (any request may take that long on a busy machine). */
let impatient: App;
beforeAll(async () => {
  app = await loggingApp(60_000);
  impatient = await loggingApp(40);
});
afterAll(async () => {
  await app.close();
  await impatient.close();
});
beforeEach(() => {
  lines.length = 0;
});

const headers = { host: 'localhost', platform: 'pc', 'user-agent': 'log-test/1.0' };

describe('the request log', () => {
  it('writes one brief line for an ordinary call: method, path, status, time', async () => {
    await app.inject({ url: '/x-api/v2/public/country-list?lang=de', headers });
    const [line, ...more] = requestLines();
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/x-api/v2/public/country-list', host: 'localhost' },
      res: { statusCode: 200 },
    });
    expect(typeof line?.responseTime).toBe('number');
    expect(line).not.toHaveProperty('route');
  });

  it('writes one detailed line for a refusal, with the code answered', async () => {
    await app.inject({
      method: 'POST',
      url: '/x-api/v3/config/web',
      headers,
      payload: { project_name: 'gatehouse' },
    });
    const [line, ...more] = requestLines();
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      msg: 'request refused',
      retCode: RetCode.ParamsInvalid,
      route: '/x-api/v3/config/web',
      userAgent: 'log-test/1.0',
    });
  });

  it('keeps the most specific message of a refusal (the non-canonical path, not "request refused")', async () => {
    await app.inject({ url: '/x-api/v2/public/country-list/', headers });
    const [line, ...more] = requestLines();
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      msg: 'non-canonical request target refused',
      retCode: RetCode.ParamsInvalid,
    });
  });

  it('writes a failure once, at error, with its stack', async () => {
    const res = await app.inject({ url: '/x-api/test/crash', headers });
    expect(res.statusCode).toBe(500);
    const [line, ...more] = requestLines();
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 50, msg: 'request failed', status: 500 });
    expect(line?.err?.stack).toContain('the disk is on fire');
    expect(res.json().result.request_id).toBe(line?.reqId);
  });

  it('writes a slow request at warn, in detail', async () => {
    await impatient.inject({ url: '/x-api/test/slow', headers });
    const [line, ...more] = requestLines();
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 40, msg: 'slow request', slow: true, route: '/x-api/test/slow' });
    expect(line?.responseTime).toBeGreaterThanOrEqual(40);
  });

  it('logs pages the same way', async () => {
    await app.inject({ url: '/en/login', headers });
    expect(requestLines()).toMatchObject([{ msg: 'request completed', req: { url: '/en/login' } }]);
  });
});
