import type { SiteId } from '@gatehouse/contract';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp, testBootstrap } from '../../test/render-app';
import { toast } from '../feedback/toast';
import { COOKIE_CONSENT_KEY } from './cookie-banner';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

describe('cookie banner', () => {
  it('shows until accepted, stores ACCEPT-GDPR-COOKIE=1, and stays accepted', async () => {
    await renderApp('/en/login');
    // The shell shows the banner with the page (components/shell/app-shell.tsx).
    const banner = await screen.findByRole('region', { name: 'Cookie consent' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Accept' })));
    expect(localStorage.getItem(COOKIE_CONSENT_KEY)).toBe('1');
    expect(banner.isConnected).toBe(false);
    cleanup();
    await renderApp('/en/register');
    // The banner's neighbour, the toast host, shows a toast: the shell's extras are in, and no banner.
    toast('probe');
    await screen.findByText('probe');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it.each<[SiteId, string, string, string]>([
    ['global', 'en', 'Privacy Policy', '/en/privacy-policy'],
    ['EU', 'en-EU', 'Cookie Policy', '/en-EU/cookie-policy'],
    ['GEO', 'en-GEO', 'Cookie Policy', '/en-GEO/cookie-policy'],
    ['KAZ', 'en-KAZ', 'Cookie Notice', '/en-KAZ/help-center/article/cookie-notice'],
  ])('links the %s site to its policy', async (site, locale, name, href) => {
    await renderApp(`/${locale}/login`, testBootstrap(site, { locale }));
    const region = await screen.findByRole('region', { name: 'Cookie consent' });
    const link = region.querySelector('a');
    expect(link?.textContent).toBe(name);
    expect(link?.getAttribute('href')).toBe(href);
  });
});
