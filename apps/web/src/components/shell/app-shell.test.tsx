import { ROUTE_INFO, ROUTE_PATHS, type RouteId } from '@gatehouse/contract';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { Suspense, use } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createI18n, I18nProvider } from '../../i18n';
import { BootstrapProvider } from '../../lib/bootstrap-context';
import { readLocaleFile, renderApp, testBootstrap } from '../../test/render-app';
import { AppShell } from './app-shell';

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

  it('shows the footer only with the page, not under the loading placeholder (no layout shift)', async () => {
    let release = () => {};
    const pageCode = new Promise<void>((resolve) => (release = resolve));
    function SlowPage() {
      use(pageCode);
      return <h1>Page</h1>;
    }
    await act(async () => {
      render(
        <BootstrapProvider value={testBootstrap()}>
          <I18nProvider i18n={createI18n({ language: 'en', fetchResource: readLocaleFile })}>
            <Router hook={memoryLocation({ path: '/en/login' }).hook}>
              <Suspense fallback={null}>
                <AppShell>
                  <SlowPage />
                </AppShell>
              </Suspense>
            </Router>
          </I18nProvider>
        </BootstrapProvider>,
      );
    });
    await waitFor(() => expect(screen.getByRole('main').querySelector('.gh-loading')).not.toBeNull());
    expect(screen.queryByRole('contentinfo')).toBeNull();

    await act(async () => {
      release();
      await pageCode;
    });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Page' })).toBeTruthy());
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });
});
