import fastify, { type FastifyInstance } from 'fastify';

/**
 * A real Fastify server for the client tests (no mocked fetch). Routes:
 * - `GET|POST /echo`: answers `{ret_code: 0, result: {method, query, headers, body}}`;
 * - any other path: an envelope whose ret_code comes from the `x-test-code` request header (default 0),
 *   `result: {headers}` (the request headers), merged with the JSON in `x-test-extra`; `x-test-status` sets the HTTP status, `x-test-delay` delays.
 * `hits` counts requests per path, to tell cached answers from fresh ones.
 */
export interface TestServer {
  app: FastifyInstance;
  baseUrl: string;
  hits: Map<string, number>;
  close: () => Promise<void>;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startTestServer(extraRoutes?: (app: FastifyInstance) => void): Promise<TestServer> {
  const app = fastify();
  const hits = new Map<string, number>();
  app.addHook('onRequest', async (req) => {
    const path = req.url.split('?')[0] ?? '';
    hits.set(path, (hits.get(path) ?? 0) + 1);
  });
  app.all('/echo', async (req) => ({
    ret_code: 0,
    ret_msg: 'OK',
    result: { method: req.method, query: req.query, headers: req.headers, body: req.body ?? null },
  }));
  extraRoutes?.(app);
  app.all('/*', async (req, reply) => {
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    await delay(Number(header('x-test-delay') ?? 0));
    reply.status(Number(header('x-test-status') ?? 200));
    const extra = JSON.parse(header('x-test-extra') ?? '{}') as Record<string, unknown>;
    const result = { headers: req.headers };
    return { ret_code: Number(header('x-test-code') ?? 0), ret_msg: 'server says no', result, ...extra };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, baseUrl: `http://127.0.0.1:${port}`, hits, close: () => app.close() };
}

/** A URL on which nothing listens: a server is started and closed to borrow a free port. */
export async function refusedBaseUrl(): Promise<string> {
  const server = await startTestServer();
  await server.close();
  return server.baseUrl;
}
