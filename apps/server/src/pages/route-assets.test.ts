import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRouteAssets, ROUTE_ASSETS_FILE } from './route-assets.js';

let dist: string;
beforeEach(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-route-assets-'));
});
afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

function write(content: unknown): void {
  fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(dist, ROUTE_ASSETS_FILE), JSON.stringify(content));
}

describe('readRouteAssets', () => {
  it('is null without a table (no web build, or Vite serving the app in development)', () => {
    expect(readRouteAssets(dist)).toBeNull();
  });

  it('reads the files of each route', () => {
    write({
      routes: { register: { js: ['assets/a1.js'], css: ['assets/b-2.css'] }, login: { js: [], css: [] } },
    });
    const table = readRouteAssets(dist);
    expect(table?.get('register')).toEqual({ js: ['assets/a1.js'], css: ['assets/b-2.css'] });
    expect(table?.get('login')).toEqual({ js: [], css: [] });
    expect(table?.get('dashboard')).toBeUndefined();
  });

  it.each([
    ['a path outside assets/', { routes: { login: { js: ['../secret.js'], css: [] } } }],
    ['markup in a name', { routes: { login: { js: ['assets/"><script>.js'], css: [] } } }],
    ['another file type', { routes: { login: { js: ['assets/a.html'], css: [] } } }],
    ['no routes', { pages: {} }],
  ])('refuses %s: the build and the server disagree', (_what, content) => {
    write(content);
    expect(() => readRouteAssets(dist)).toThrow(/malformed/);
  });
});
