import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, testBootstrap } from '../../test/render-app';
import { storesToShow } from './download-page';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const IOS = 'https://apps.apple.com/app/acme/id123';
const ANDROID = 'https://play.google.com/store/apps/details?id=com.acme';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const PIXEL = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

describe('storesToShow', () => {
  it("shows the device's own store, or every configured one on a desktop or without a link for it", () => {
    const both = { ios: IOS, android: ANDROID };
    expect(storesToShow(both, IPHONE)).toEqual(['ios']);
    expect(storesToShow(both, PIXEL)).toEqual(['android']);
    expect(storesToShow(both, DESKTOP)).toEqual(['ios', 'android']);
    expect(storesToShow({ ios: IOS, android: null }, PIXEL)).toEqual(['ios']);
    expect(storesToShow(undefined, IPHONE)).toEqual([]);
  });
});

describe('download page', () => {
  it('links to the configured store for this phone, and offers to continue on the web', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(PIXEL);
    await renderApp('/en/download', testBootstrap('global', { appDownload: { ios: IOS, android: ANDROID } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Get the app' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get it on Google Play' }).getAttribute('href')).toBe(ANDROID);
    expect(screen.queryByRole('link', { name: 'Download on the App Store' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue on the web' }).getAttribute('href')).toBe(
      '/en/dashboard',
    );
  });

  it('says so when no store is configured', async () => {
    await renderApp(
      '/de-DE/download',
      testBootstrap('global', { locale: 'de-DE', translationLocale: 'de-DE' }),
    );
    expect(await screen.findByText('Die Acme-App kann hier noch nicht heruntergeladen werden.')).toBeTruthy();
    expect(screen.queryAllByRole('link', { name: /Store|Play/ })).toEqual([]);
  });
});
