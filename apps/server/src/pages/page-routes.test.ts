import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageBootstrap } from '@gatehouse/contract';
import type { App } from '../app.js';
import { testApp, testConfig } from '../test-support/test-app.js';

let app: App;
beforeAll(async () => {
  app = await testApp({
    SITE_DOMAINS: 'global=gatehouse.example,EU=gatehouse.eu',
    BRAND_DOMAINS: 'brand.example',
  });
});
afterAll(() => app.close());

const get = (url: string, host = 'localhost:3000', headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { host, ...headers } });

function bootstrapOf(html: string): PageBootstrap {
  const m = /<script type="application\/json" id="gh-bootstrap">(.*?)<\/script>/s.exec(html);
  if (!m?.[1]) throw new Error('no bootstrap in page');
  return JSON.parse(m[1]) as PageBootstrap;
}

describe('pre-render redirects through HTTP', () => {
  it.each([
    ['localhost:3000', '/', '/en/login'],
    ['eu.localhost:3000', '/', '/en-EU/login'],
    ['tr.localhost:3000', '/login', '/tr-TUR/login'],
    ['localhost:3000', '/register?affiliate_id=123', '/en/sign-up?affiliate_id=123'],
    ['gatehouse.eu', '/login?redirect_url=%2Fx', '/en-EU/login?redirect_url=%2Fx'],
  ])('%s%s → %s', async (host, url, location) => {
    const res = await get(url, host);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(location);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toBeDefined();
  });

  it('follows Accept-Language when the path has no locale', async () => {
    const res = await get('/login', 'localhost', { 'accept-language': 'ja-JP,ja;q=0.9' });
    expect(res.headers.location).toBe('/ja-JP/login');
    expect(res.headers.vary).toContain('Accept-Language');
  });

  it('sends a returning visitor to the language they chose (GATEHOUSE_LANG_KEY cookie), not Accept-Language', async () => {
    const chosen = (host: string, value: string) =>
      get('/', host, { 'accept-language': 'ja-JP', cookie: `GATEHOUSE_LANG_KEY=${value}` });
    const res = await chosen('localhost:3000', 'ko-KR');
    expect(res.headers.location).toBe('/ko-KR/login');
    expect(res.headers.vary).toContain('Cookie');
    // A language this site does not offer, or garbage, falls back to Accept-Language.
    expect((await chosen('tr.localhost:3000', 'ko-KR')).headers.location).toBe('/tr-TUR/login');
    expect((await chosen('localhost:3000', '%2F%2Fevil.example')).headers.location).toBe('/ja-JP/login');
  });
});

describe('the download page', () => {
  it('is a page, whose bootstrap alone carries the configured app-store links', async () => {
    const configured = await testApp({
      APP_DOWNLOAD_IOS_URL: 'https://apps.apple.com/app/gatehouse/id1',
      APP_DOWNLOAD_ANDROID_URL: 'https://play.google.com/store/apps/details?id=example.gatehouse',
    });
    try {
      const page = await configured.inject({ url: '/en/download', headers: { host: 'localhost' } });
      expect(page.statusCode).toBe(200);
      expect(bootstrapOf(page.body).appDownload).toEqual({
        ios: 'https://apps.apple.com/app/gatehouse/id1',
        android: 'https://play.google.com/store/apps/details?id=example.gatehouse',
      });
      const login = await configured.inject({ url: '/en/login', headers: { host: 'localhost' } });
      expect(bootstrapOf(login.body).appDownload).toBeUndefined();
    } finally {
      await configured.close();
    }
    const unconfigured = await get('/en/download');
    expect(bootstrapOf(unconfigured.body).appDownload).toEqual({ ios: null, android: null });
    expect((await get('/download')).headers.location).toBe('/en/download');
  });

  it('refuses store links that are not https', () => {
    expect(() => testConfig({ APP_DOWNLOAD_IOS_URL: 'http://apps.apple.com/x' })).toThrow(
      /APP_DOWNLOAD_IOS_URL/,
    );
    expect(() => testConfig({ APP_DOWNLOAD_ANDROID_URL: 'javascript:alert(1)' })).toThrow(
      /APP_DOWNLOAD_ANDROID_URL/,
    );
  });
});

describe('rendered pages', () => {
  it('inline the bootstrap and set lang, dir and no-store', async () => {
    const res = await get('/en-EU/login', 'eu.localhost:3000');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<html lang="en-EU" dir="ltr">');
    const b = bootstrapOf(res.body);
    expect(b).toMatchObject({
      site: 'EU',
      env: 'prod',
      locale: 'en-EU',
      translationLocale: 'en',
      dir: 'ltr',
      origin: 'http://eu.localhost:3000',
      apiBase: '/x-api',
      product: 'Gatehouse',
    });
    expect(b.siteDefinition.id).toBe('EU');
    expect(b.brandDomains).toEqual(['brand.example', 'gatehouse.example', 'gatehouse.eu']);
    expect(b.notFound).toBeUndefined();
  });

  it('render right-to-left for Arabic', async () => {
    const res = await get('/ar-ARE/login', 'ae.localhost:3000');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="ar-ARE" dir="rtl">');
    expect(bootstrapOf(res.body)).toMatchObject({ site: 'ARE', dir: 'rtl', translationLocale: 'ar-SA' });
  });

  it('take the environment from the host', async () => {
    const res = await get('/en/login', 'testnet.localhost:3000');
    expect(bootstrapOf(res.body)).toMatchObject({ site: 'global', env: 'testnet' });
    const prod = await get('/en-EU/login', 'testnet.gatehouse.eu');
    expect(bootstrapOf(prod.body)).toMatchObject({
      site: 'EU',
      env: 'testnet',
      origin: 'http://testnet.gatehouse.eu',
    });
  });

  it('answer HEAD like GET without a body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/en/login', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it('carry what modules contribute to the bootstrap', async () => {
    const custom = await testApp();
    try {
      custom.pageBootstrap.contribute(({ env }) => ({ passwordKey: `key-for-${env}` }));
      const res = await custom.inject({ url: '/en/login', headers: { host: 'test.localhost' } });
      expect(bootstrapOf(res.body).passwordKey).toBe('key-for-test');
    } finally {
      await custom.close();
    }
  });
});

describe('not found', () => {
  it('is a real 404 with the app page and notFound in the bootstrap', async () => {
    const res = await get('/en/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(bootstrapOf(res.body)).toMatchObject({ notFound: true, locale: 'en' });
  });

  it('leaves unknown API paths to the API', async () => {
    const res = await get('/x-api/no-such-call');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('gh-bootstrap');
  });
});

describe('bad input', () => {
  it.each([
    ['unknown sub-domain', 'mars.localhost:3000'],
    ['unknown domain', 'evil.example'],
    ['host with path', 'localhost/evil'],
    ['host with user info', 'user@localhost'],
    ['host with markup', '<script>.localhost'],
    ['bad port', 'localhost:abc'],
  ])('%s → plain 400 page', async (_name, host) => {
    const res = await app.inject({ url: '/en/login', headers: { host } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).not.toContain('gh-bootstrap');
    expect(res.body).not.toContain(host);
  });

  it.each([
    ['protocol-relative path', '//evil.com'],
    ['protocol-relative after locale', '/en//evil.com/login'],
    ['over-long path', `/en/login/${'a'.repeat(5000)}`],
    ['over-long query', `/en/login?x=${'a'.repeat(9000)}`],
  ])('%s → 400 page', async (_name, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('evil');
    expect(res.headers.location).toBeUndefined();
  });

  it.each([
    ['encoded newline in the path', '/login%0d%0aSet-Cookie:%20x=1'],
    ['encoded newline in the query', '/login?a=%0d%0aSet-Cookie:%20x=1'],
    ['markup in the query', '/login?x=%3Cscript%3Ealert(1)%3C/script%3E'],
  ])('%s never sets a header or reflects markup', async (_name, url) => {
    const res = await get(url);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toMatch(/<script>alert/i);
    if (res.headers.location) expect(String(res.headers.location)).toMatch(/^\/[^/\\]/);
  });

  it('unknown locale segment → redirect to a known locale, or not found', async () => {
    const res = await get('/xx-YY/login');
    expect([302, 404]).toContain(res.statusCode);
    if (res.statusCode === 302) expect(res.headers.location).toMatch(/^\/en\//);
  });

  it('markup in the path is never reflected into the page', async () => {
    const res = await get('/en/%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    // An encoded slash (`%2F`) is not a canonical path: the plain 400 page (plugins/canonical-path.ts).
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/<script>alert/i);
    expect(res.body).not.toContain('%3Cscript');
    const page = await get('/en/%3Cscript%3Ealert(1)%3C/script%3E');
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toMatch(/<script>alert/i);
    expect(page.body).not.toContain('%3Cscript');
  });
});

describe('index.html of the web build', () => {
  it('is used when WEB_DIST has one, read once at start outside development', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-dist-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><title>Built</title><script type="module" src="/assets/app-1.js"></script></head><body></body></html>',
    );
    const built = await testApp({ WEB_DIST: dist });
    try {
      fs.writeFileSync(path.join(dist, 'index.html'), '<html><head><title>Changed</title></head></html>');
      const res = await built.inject({ url: '/en/login', headers: { host: 'localhost' } });
      expect(res.body).toContain('<title>Built</title>');
      expect(res.body).toContain('<script type="module" src="/assets/app-1.js"></script>');
      expect(bootstrapOf(res.body).site).toBe('global');
    } finally {
      await built.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

/** Bytes on the wire, as a browser or an attacker would send them: inject() would normalise these. */
function rawRequest(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => socket.end(head));
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

describe('raw HTTP requests', () => {
  let port = 0;
  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  it.each([
    ['no Host header (HTTP/1.0)', 'GET /en/login HTTP/1.0\r\n\r\n'],
    ['empty Host header', 'GET /en/login HTTP/1.1\r\nHost:\r\nConnection: close\r\n\r\n'],
    ['protocol-relative path', 'GET //evil.com HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'],
    ['backslash path', 'GET /\\evil.com/login HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'],
    [
      'bytes above ASCII in the path',
      'GET /login\u00ff\u0085x HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    ],
  ])('%s → 400, nothing reflected', async (_name, head) => {
    const res = await rawRequest(port, head);
    expect(res).toMatch(/^HTTP\/1\.[01] 400 /);
    expect(res).not.toMatch(/^location:/im);
    expect(res).not.toContain('evil');
  });

  it('a request line with CR/LF smuggled in is refused by the HTTP parser', async () => {
    const res = await rawRequest(
      port,
      'GET /login\rSet-Cookie: x=1 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(res).toMatch(/^HTTP\/1\.1 400 /);
    expect(res).not.toMatch(/^set-cookie:/im);
  });
});

describe('what a page asks the browser for at start (issue 12)', () => {
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)" \/>/g)].map((m) => m[1]);

  it('preloads the start translation files exactly as the app fetches them', async () => {
    expect(preloads((await get('/en/login')).body)).toEqual([
      '/locales/en/global.json',
      '/locales/en/inverse.json',
    ]);
    // A site locale reads its translation locale's files, then English (contract startLocaleFiles).
    expect(preloads((await get('/ar-ARE/login', 'ae.localhost:3000')).body)).toEqual([
      '/locales/ar-SA/global.json',
      '/locales/ar-SA/inverse.json',
      '/locales/en/global.json',
      '/locales/en/inverse.json',
    ]);
  });

  it('describes each page in its language, the 404 page too, and names the icon', async () => {
    const login = (await get('/en/login')).body;
    expect(login).toContain(
      '<meta name="description" content="Log in to your Gatehouse account with your e-mail address or mobile number." />',
    );
    expect(login).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
    const description = (html: string) => /<meta name="description" content="([^"]*)" \/>/.exec(html)?.[1];
    const japanese = description((await get('/ja-JP/register', 'jp.localhost:3000')).body);
    expect(japanese).toBeTruthy();
    expect(japanese).not.toBe(description((await get('/en/register')).body));
    expect(description((await get('/en/no-such-page')).body)).toContain('does not exist');
  });

  it('inlines the web config entries the pages read, and the residence list on the sign-up page only', async () => {
    const login = bootstrapOf((await get('/en/login')).body);
    expect(Object.keys(login.webConfig ?? {})).toEqual(
      expect.arrayContaining(['feature_flags', 'captcha_required', 'captcha_vendor_scripts']),
    );
    expect(login.countries).toBeUndefined();
    const signUp = bootstrapOf((await get('/ja-JP/register', 'jp.localhost:3000')).body);
    expect(signUp.countries?.length).toBeGreaterThan(200);
    // In the page's language, blocked countries listed but disabled: what country-list?is_iso=1&is_disable=1 answers.
    const api = await get('/x-api/v2/public/country-list?is_iso=1&is_disable=1', 'jp.localhost:3000', {
      lang: 'ja-JP',
    });
    expect(signUp.countries).toEqual((JSON.parse(api.body) as { result: { list: unknown[] } }).result.list);
  });
});

describe('route assets of the web build', () => {
  it("name the route's chunks and stylesheets beside the entry, read with index.html", async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-dist-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><script type="module" crossorigin src="/assets/index-1.js"></script></head><body></body></html>',
    );
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(
      path.join(dist, '.vite/route-assets.json'),
      JSON.stringify({
        routes: {
          login: { js: ['assets/login-1.js'], css: ['assets/form-1.css'] },
          register: { js: ['assets/register-1.js', 'assets/hooks-1.js'], css: [] },
        },
      }),
    );
    const built = await testApp({ WEB_DIST: dist });
    try {
      const page = async (url: string) => (await built.inject({ url, headers: { host: 'localhost' } })).body;
      const register = await page('/en/register');
      expect(register).toContain('<link rel="modulepreload" crossorigin href="/assets/register-1.js" />');
      expect(register).toContain('<link rel="modulepreload" crossorigin href="/assets/hooks-1.js" />');
      expect(register).not.toContain('login-1.js');
      const login = await page('/en/login');
      expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/login-1.js" />');
      expect(login).toContain('<link rel="stylesheet" crossorigin href="/assets/form-1.css" />');
      // A route the table does not name, and a 404, preload no chunk.
      expect(await page('/en/dashboard')).not.toContain('modulepreload');
      expect(await page('/en/no-such-page')).not.toContain('modulepreload');
    } finally {
      await built.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
