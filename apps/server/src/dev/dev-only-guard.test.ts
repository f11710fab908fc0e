import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { DEV_TOOLS_NETWORK_WARNING } from '../config/dev-tools.js';
import type { Env } from '../config/index.js';
import { testConfig } from '../test-support/test-app.js';
import { FORWARDING_HEADERS } from './dev-only-guard.js';

/** A documentation address (RFC 5737): some computer on the network, not this one. */
const REMOTE = '203.0.113.5';

let dataDir: string;
beforeAll(async () => {
  // Development keeps generated keys under DATA_DIR: a folder of this run's own.
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gatehouse-dev-guard-'));
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

/**
 * `npm start` as the README's "expose it" line had it: development, listening on every interface.
 * Also lists the routes each dev tool registered (every route tagged `dev` or under /dev/), so the
 * tests below sweep them all, including a tool added later.
 */
async function devApp(env: Env = {}): Promise<{ app: App; devRoutes: string[] }> {
  const app = buildApp(
    testConfig({ NODE_ENV: 'development', HOST: '0.0.0.0', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env }),
  );
  const devRoutes: string[] = [];
  app.addHook('onRoute', (route) => {
    const tags = (route.schema as { tags?: string[] } | undefined)?.tags ?? [];
    if (tags.includes('dev') || route.url.startsWith('/dev/')) devRoutes.push(route.url);
  });
  await app.ready();
  return { app, devRoutes: [...new Set(devRoutes)] };
}

/** A request every dev route answers with something other than 404 when it is allowed. */
const USER = 'id=424242&first_name=Sim';
function urlOf(route: string): string {
  if (route === '/dev/telegram/launch' || (route.endsWith('.json') && route.includes('telegram'))) {
    return `${route}?${USER}`;
  }
  if (route === '/dev/telegram/widget/authorize') return `${route}?${USER}&return_to=%2Fen%2Flogin`;
  // The OpenID stand-in (oidc-provider under one wildcard route per provider): its discovery document.
  if (route.startsWith('/dev/oidc/') && route.endsWith('/*'))
    return `${route.slice(0, -2)}/.well-known/openid-configuration`;
  return route;
}

const get = (app: App, url: string, opts: Omit<InjectOptions, 'url' | 'method'> = {}) =>
  app.inject({ method: 'GET', url, ...opts });

describe('development tools on HOST=0.0.0.0 (DEV_TOOLS=loopback, the default)', () => {
  let app: App;
  let devRoutes: string[];
  beforeAll(async () => {
    ({ app, devRoutes } = await devApp());
  });
  afterAll(() => app.close());

  it('has the outbox, the Telegram simulator and the demo OAuth client to sweep', () => {
    expect(devRoutes).toEqual(
      expect.arrayContaining([
        '/dev/outbox',
        '/dev/outbox.json',
        '/dev/telegram/simulator',
        '/dev/telegram/init-data.json',
        '/dev/telegram/telegram-widget.js',
        '/dev/telegram/widget.json',
        '/dev/oauth-demo',
      ]),
    );
  });

  it('answers this machine', async () => {
    for (const route of devRoutes) {
      const res = await get(app, urlOf(route)); // inject's peer is 127.0.0.1
      expect([route, res.statusCode]).not.toEqual([route, 404]);
    }
    const outbox = await get(app, '/dev/outbox');
    expect(outbox.statusCode).toBe(200);
    expect(outbox.body).not.toContain(DEV_TOOLS_NETWORK_WARNING);
  });

  it('answers 404 to a peer on the network, on every dev route: the same page whatever the tool', async () => {
    const bodies = new Set<string>();
    for (const route of devRoutes) {
      const res = await get(app, urlOf(route), { remoteAddress: REMOTE });
      expect([route, res.statusCode]).toEqual([route, 404]);
      bodies.add(res.body);
    }
    expect([...bodies]).toHaveLength(1);
    expect([...bodies][0]).toContain('Not found');
  });

  it('counts IPv4-mapped and IPv6 loopback peers as this machine, and nothing else', async () => {
    for (const peer of ['::1', '::ffff:127.0.0.1', '127.0.0.53']) {
      expect([peer, (await get(app, '/dev/outbox.json', { remoteAddress: peer })).statusCode]).toEqual([
        peer,
        200,
      ]);
    }
    for (const peer of ['::ffff:203.0.113.5', '10.0.0.7', 'fe80::1', '0.0.0.0']) {
      expect([peer, (await get(app, '/dev/outbox.json', { remoteAddress: peer })).statusCode]).toEqual([
        peer,
        404,
      ]);
    }
  });

  it('refuses a loopback peer that carries a forwarding header (a proxy on this host)', async () => {
    for (const name of FORWARDING_HEADERS) {
      const res = await get(app, '/dev/outbox.json', { headers: { [name]: '127.0.0.1' } });
      expect([name, res.statusCode]).toEqual([name, 404]);
    }
    const forwarded = await get(app, '/dev/telegram/widget.json?' + USER, {
      headers: { forwarded: 'for=198.51.100.1;proto=https' },
    });
    expect(forwarded.statusCode).toBe(404);
  });

  it('refuses a Host that is not a local name (a page using DNS rebinding)', async () => {
    for (const host of ['evil.example', 'evil.example:3000', '203.0.113.5:3000']) {
      const res = await get(app, '/dev/outbox.json', { headers: { host } });
      expect([host, res.statusCode]).toEqual([host, 404]);
    }
    for (const host of [
      'localhost:3000',
      'eu.localhost:3000',
      'testnet.tr.localhost',
      '127.0.0.1:3000',
      '[::1]:3000',
    ]) {
      const res = await get(app, '/dev/outbox.json', { headers: { host } });
      expect([host, res.statusCode]).toEqual([host, 200]);
    }
  });
});

describe('the socket peer decides, not TRUST_PROXY', () => {
  let app: App;
  beforeAll(async () => {
    ({ app } = await devApp({ TRUST_PROXY: 'true' }));
  });
  afterAll(() => app.close());

  it('a remote peer claiming to forward for 127.0.0.1 gets 404', async () => {
    const res = await get(app, '/dev/outbox.json', {
      remoteAddress: REMOTE,
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('DEV_TOOLS=network', () => {
  let app: App;
  let devRoutes: string[];
  beforeAll(async () => {
    ({ app, devRoutes } = await devApp({ DEV_TOOLS: 'network' }));
  });
  afterAll(() => app.close());

  it('answers a peer on the network, through a proxy too', async () => {
    expect(devRoutes.length).toBeGreaterThan(5);
    for (const route of devRoutes) {
      const res = await get(app, urlOf(route), {
        remoteAddress: REMOTE,
        headers: { host: 'gatehouse.lan:3000', 'x-forwarded-for': '198.51.100.1' },
      });
      expect([route, res.statusCode]).not.toEqual([route, 404]);
    }
  });

  it('puts the warning on every outbox page', async () => {
    for (const url of ['/dev/outbox', '/dev/outbox?to=ada%40example.com']) {
      const res = await get(app, url, { remoteAddress: REMOTE });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('role="alert"');
      expect(res.body).toContain('DEV_TOOLS=network: the outbox');
    }
  });
});

describe('DEV_TOOLS=off', () => {
  it('registers no development tool at all', async () => {
    const { app, devRoutes } = await devApp({ DEV_TOOLS: 'off', HOST: '127.0.0.1' });
    try {
      expect(devRoutes).toEqual([]);
      expect((await get(app, '/dev/outbox.json')).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
