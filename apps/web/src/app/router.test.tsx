import { ROUTE_PATHS, splitLocalePrefix } from '@gatehouse/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readLocaleFile, renderApp, testBootstrap } from '../test/render-app';

const inverse = (await readLocaleFile('en', 'inverse')) as { pages: Record<string, { title: string }> };
const germanPages = (await readLocaleFile('de-DE', 'inverse')) as typeof inverse;
const global = (await readLocaleFile('en', 'global')) as { notFound: { title: string } };

const titleOf = (id: string) => {
  const title = inverse.pages[id]?.title;
  if (!title) throw new Error(`no English title for ${id}`);
  return title;
};

afterEach(cleanup);

describe('router', () => {
  const cases = Object.entries(ROUTE_PATHS);

  it.each(cases)('renders %s with a locale prefix (page %s)', async (path, id) => {
    await renderApp(`/en${path}`);
    expect(screen.getByRole('heading', { level: 1, name: titleOf(id) })).toBeTruthy();
  });

  // `/tg-app/…` and `/min-app/…` start with a segment of the locale pattern (spec §2: 2-3 letters, a
  // dash, 2-3 alphanumerics), so without a prefix they read as a locale; spec §2 always prefixes them.
  const unprefixable = cases.filter(([path]) => splitLocalePrefix(path).rest === path);

  it.each(unprefixable)('renders %s without a locale prefix (page %s)', async (path, id) => {
    await renderApp(path);
    expect(screen.getByRole('heading', { level: 1, name: titleOf(id) })).toBeTruthy();
  });

  it('accepts other locales and one trailing slash', async () => {
    await renderApp('/de-DE/register/');
    const title = germanPages.pages.register?.title ?? '';
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it('renders the 404 page with a link to log in for an unknown path', async () => {
    const app = await renderApp('/en/no-such-page');
    expect(screen.getByRole('heading', { level: 1, name: global.notFound.title })).toBeTruthy();
    const link = screen.getByRole('link', { name: /log in/i });
    expect(link.getAttribute('href')).toBe('/en/login');
    await app.navigate('/en/login');
    expect(screen.getByRole('heading', { level: 1, name: titleOf('login') })).toBeTruthy();
  });

  it("honours the server's notFound flag for the served URL only", async () => {
    const app = await renderApp('/en/login', testBootstrap('global', { notFound: true }));
    expect(screen.getByRole('heading', { level: 1, name: global.notFound.title })).toBeTruthy();
    await app.navigate('/en/register');
    expect(screen.getByRole('heading', { level: 1, name: titleOf('register') })).toBeTruthy();
  });
});
