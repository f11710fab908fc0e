// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ROUTE_INFO } from '@gatehouse/contract';
import { describe, expect, it } from 'vitest';
import { routeImports } from './route-assets-plugin';

const ROUTER = fileURLToPath(new URL('../src/app/router.tsx', import.meta.url));

describe('routeImports', () => {
  it("reads the router's page table: every route, lazy pages by module, the entry's pages as null", () => {
    const routes = routeImports(readFileSync(ROUTER, 'utf8'), ROUTER);
    expect([...routes.keys()].sort()).toEqual(Object.keys(ROUTE_INFO).sort());
    expect(routes.get('register')).toBe('./routes/register-route');
    expect(routes.get('login')).toBe('./routes/login-route');
    expect(routes.get('oauth')).toBe('./routes/oauth-route');
    for (const [route, module] of routes) expect(module, route).toMatch(/^\.\.?\//);
  });

  it('takes quoted keys and entries without an import', () => {
    const source = `const PAGES = { 'oauth-log-out': page(() => import('./a'), 'A'), login: LoginPage };`;
    expect([...routeImports(source, 'router.tsx')]).toEqual([
      ['oauth-log-out', './a'],
      ['login', null],
    ]);
  });

  it.each([
    ['no page table', 'export const ROUTES = {};'],
    ['a computed key', "const PAGES = { [id]: page(() => import('./a'), 'A') };"],
    ['a spread', 'const PAGES = { ...OTHER };'],
    ['two imports in one entry', "const PAGES = { a: pick(() => import('./a'), () => import('./b')) };"],
    ['an import of a computed module', 'const PAGES = { a: page(() => import(name), "A") };'],
  ])('refuses %s: the preloads must not silently go missing', (_what, source) => {
    expect(() => routeImports(source, 'router.tsx')).toThrow();
  });
});
