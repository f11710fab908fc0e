import { ROUTE_INFO, ROUTE_PATHS, type RouteId } from '@gatehouse/contract';
import { cleanup, screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp, testBootstrap } from '../../test/render-app';

afterEach(cleanup);
beforeEach(() => {
  localStorage.clear();
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

// One path per page id is enough: the shell follows the id's flags.
const firstPathOf = (id: RouteId) => Object.keys(ROUTE_PATHS).find((path) => ROUTE_PATHS[path] === id) ?? '';

describe('shell', () => {
  it.each(Object.keys(ROUTE_INFO) as RouteId[])('shows header and footer as %s flags say', async (id) => {
    await renderApp(`/en${firstPathOf(id)}`);
    const { header, footer } = ROUTE_INFO[id].shell;
    expect(screen.queryByRole('banner') !== null).toBe(header);
    expect(screen.queryByRole('contentinfo') !== null).toBe(footer);
  });

  it('has a copyright footer on login and register, and a header with a language switcher on login', async () => {
    await renderApp('/en/login');
    expect(screen.getByRole('contentinfo').textContent).toMatch(/©\s\d{4} Acme/);
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy();
  });

  it('applies the dark theme class with ?theme=dark on an auth-theme page only', async () => {
    const { container } = await renderApp('/en/login?theme=dark');
    expect(container.querySelector('.gh-app')?.classList.contains('gh-theme-dark')).toBe(true);
    cleanup();
    const light = await renderApp('/en/login');
    expect(light.container.querySelector('.gh-theme-dark')).toBeNull();
    cleanup();
    const other = await renderApp('/en/dashboard?theme=dark');
    expect(other.container.querySelector('.gh-theme-dark')).toBeNull();
  });

  it('renders Arabic right-to-left and sets <html lang dir>', async () => {
    await renderApp('/ar-SA/login', testBootstrap('global', { locale: 'ar-SA' }));
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar-SA');
  });

  it('maps a regional site locale to its translation language (ar-ARE → ar-SA, rtl)', async () => {
    const app = await renderApp('/ar-ARE/login', testBootstrap('ARE', { locale: 'ar-ARE' }));
    expect(app.i18n.language).toBe('ar-SA');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('is free of axe violations on the login page with the cookie banner', async () => {
    const { container } = await renderApp('/en/login');
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});
