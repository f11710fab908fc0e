import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app.js';
import type { ViteLike } from './pages/vite-like.js';
import { testApp } from './test-support/test-app.js';

let app: App;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

function csp(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...rest] = d.split(/\s+/);
        return [name, rest.join(' ')];
      }),
  );
}

describe('security headers', () => {
  it('are on the very first response', async () => {
    const fresh = await testApp();
    try {
      const res = await fresh.inject({ url: '/', headers: { host: 'localhost:3000' } });
      expect(res.headers['content-security-policy']).toBeDefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
    } finally {
      await fresh.close();
    }
  });

  it('set a CSP without inline script', async () => {
    const res = await app.inject({ url: '/en/login', headers: { host: 'localhost' } });
    const d = csp(res.headers['content-security-policy']);
    expect(d['script-src']).toBe("'self'");
    expect(d['style-src']).toMatch(/^'self' 'nonce-[A-Za-z0-9+/=]+'$/);
    expect(d['object-src']).toBe("'none'");
    expect(d['base-uri']).toBe("'none'");
    expect(d['form-action']).toBe("'self'");
    expect(d['frame-ancestors']).toBe("'none'");
    expect(d['connect-src']).toBe("'self'");
    expect(res.headers['content-security-policy']).not.toContain('unsafe');
  });

  it('use a fresh style nonce per response and publish it in the page', async () => {
    const a = await app.inject({ url: '/en/login', headers: { host: 'localhost' } });
    const b = await app.inject({ url: '/en/login', headers: { host: 'localhost' } });
    const nonce = /'nonce-([^']+)'/.exec(String(a.headers['content-security-policy']))?.[1];
    expect(nonce).toBeDefined();
    expect(a.body).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
    expect(b.headers['content-security-policy']).not.toContain(nonce);
  });

  it('let only Telegram Web frame the Mini App pages; every other page stays unframeable', async () => {
    for (const url of [
      '/en/telegram-register-login',
      '/telegram-register-login?x=1',
      '/en/tg-app/app/home',
    ]) {
      const res = await app.inject({ url, headers: { host: 'localhost' } });
      expect(csp(res.headers['content-security-policy'])['frame-ancestors']).toBe('https://web.telegram.org');
      expect(res.headers['x-frame-options']).toBeUndefined();
    }
    for (const url of [
      '/en/login',
      '/en/oauth-authorized',
      '/en/dashboard',
      '/en/telegram-register-login-x',
    ]) {
      const res = await app.inject({ url, headers: { host: 'localhost' } });
      expect(csp(res.headers['content-security-policy'])['frame-ancestors']).toBe("'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('also cover API answers and errors', async () => {
    const res = await app.inject({ url: '/x-api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('leave HSTS to production', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const prod = await testApp({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
    try {
      const p = await prod.inject({ url: '/robots.txt' });
      expect(p.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(csp(p.headers['content-security-policy'])).toHaveProperty('upgrade-insecure-requests');
    } finally {
      await prod.close();
    }
  });

  it('relax CSP only when Vite serves the app, and read index.html through Vite', async () => {
    const plain = await testApp({ NODE_ENV: 'development', LOG_LEVEL: 'silent' });
    const vite: ViteLike = {
      middlewares: (req, res, next) => {
        if (req.url !== '/@vite/client') return next();
        res.setHeader('content-type', 'text/javascript');
        res.end('// vite client');
      },
      transformIndexHtml: async (_url, html) =>
        html.replace('</head>', '<script type="module" src="/@vite/client"></script></head>'),
      close: async () => {},
    };
    const dev = await testApp({ NODE_ENV: 'development', LOG_LEVEL: 'silent' }, { vite });
    try {
      expect(
        csp((await plain.inject({ url: '/robots.txt' })).headers['content-security-policy'])['script-src'],
      ).toBe("'self'");
      const d = csp((await dev.inject({ url: '/robots.txt' })).headers['content-security-policy']);
      expect(d['script-src']).toBe("'self' 'unsafe-inline'");
      expect(d['style-src']).toBe("'self' 'unsafe-inline'");
      expect(d['connect-src']).toBe("'self' ws: wss:");

      const client = await dev.inject({ url: '/@vite/client' });
      expect(client.body).toBe('// vite client');
      const page = await dev.inject({ url: '/en/login', headers: { host: 'localhost' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('/@vite/client');
      expect(page.body).toContain('id="gh-bootstrap"');
    } finally {
      await plain.close();
      await dev.close();
    }
  });
});

describe('request ids', () => {
  it('are server-made UUIDs, never taken from the client', async () => {
    const res = await app.inject({ url: '/x-api/health', headers: { 'x-request-id': 'forged' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GET /robots.txt', () => {
  it('allows login and sign-up and disallows OAuth and the API', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Allow: /login',
        'Allow: /*/login',
        'Allow: /register',
        'Disallow: /oauth',
        'Disallow: /*/oauth',
        'Disallow: /x-api/',
      ]),
    );
  });
});

describe('GET /x-api/health', () => {
  it('answers the envelope after a real database round trip', async () => {
    const res = await app.inject({ url: '/x-api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ ret_code: 0, ret_msg: 'ok', result: { status: 'ok', db: 'ok' } });
  });

  it('answers 503 when the database is gone', async () => {
    const broken = await testApp();
    await broken.db.destroy();
    try {
      const res = await broken.inject({ url: '/x-api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ ret_code: 50002, result: { status: 'degraded', db: 'error' } });
    } finally {
      await broken.close().catch(() => {});
    }
  });
});

describe('store and kv', () => {
  it('migrated and seeded the database at start', async () => {
    const rows = await app.db.selectFrom('web_config').select('name').execute();
    expect(rows.map((r) => r.name)).toContain('captcha_scene_config');
  });

  it('offers short-lived keys on the database when no Redis is configured', async () => {
    // Unset explicitly: the server-pg run configures Redis for every other app.
    const noRedis = await testApp({ REDIS_URL: undefined });
    try {
      expect(noRedis.redis).toBeNull();
      await noRedis.kv.set('k', 'v', 1000);
      expect(await noRedis.kv.get('k')).toBe('v');
      const row = await noRedis.db
        .selectFrom('kv_entries')
        .select('value')
        .where('key', '=', 'k')
        .executeTakeFirst();
      expect(row?.value).toBe('v');
    } finally {
      await noRedis.close();
    }
  });

  it('skips migrations when MIGRATE_ON_START is off', async () => {
    const bare = await testApp({ MIGRATE_ON_START: 'false' });
    try {
      // Not the table list: on PostgreSQL that spans every schema of the test database.
      await expect(bare.db.selectFrom('web_config').select('name').execute()).rejects.toThrow();
    } finally {
      await bare.close();
    }
  });
});

describe('malformed URLs', () => {
  it('answer a fixed 400 page, never echoing the URL', async () => {
    const res = await app.inject({ url: '/%E0%A4%A<script>', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('script');
    expect(res.body).not.toContain('%E0');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answer an envelope on API paths', async () => {
    const res = await app.inject({ url: '/x-api/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ret_code: 10001, ret_msg: 'bad request', result: null });
  });
});
