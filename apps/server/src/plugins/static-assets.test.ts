import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { testApp } from '../test-support/test-app.js';

let app: App;
let dist: string;
const js = 'console.log("hello from a hashed bundle");'.repeat(20);

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-static-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, 'locales', 'en'), { recursive: true });
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Built</title></head><body></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), js);
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(js));
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), zlib.gzipSync(js));
  fs.writeFileSync(path.join(dist, 'locales', 'en', 'common.json'), '{"hello":"Hello"}');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = await testApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('static assets', () => {
  it('serve hashed bundles as immutable for a year', async () => {
    const res = await app.inject({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toBe(js);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serve the precompressed sibling the client accepts', async () => {
    const br = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);
  });

  it('serve translations with a short cache', async () => {
    const res = await app.inject({ url: '/locales/en/common.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    expect(res.json()).toEqual({ hello: 'Hello' });
  });

  it('serve the favicon', async () => {
    const res = await app.inject({ url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
  });

  it('answer 404 for a missing asset, never the page', async () => {
    const res = await app.inject({ url: '/assets/missing-1.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('gh-bootstrap');
  });

  it('never serve index.html as a file', async () => {
    for (const url of ['/assets/../index.html', '/assets/%2e%2e/index.html', '/locales/../index.html']) {
      const res = await app.inject({ url, headers: { host: 'localhost' } });
      expect(res.body).not.toBe('<!doctype html><html><head><title>Built</title></head><body></body></html>');
    }
    const page = await app.inject({ url: '/index.html', headers: { host: 'localhost' } });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('gh-bootstrap');
  });
});
