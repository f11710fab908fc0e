import { describe, expect, it } from 'vitest';
import { detectAppWebview } from './app-webview.js';
import { detectPlatform, isMobileUserAgent } from './detect-platform.js';

const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';

describe('detectPlatform (§1: pc, h5, pc_tg, ios_tg, android_tg)', () => {
  it('is pc on a desktop browser and h5 on a mobile one', () => {
    expect(detectPlatform(DESKTOP)).toBe('pc');
    expect(detectPlatform(IPHONE)).toBe('h5');
    expect(detectPlatform(ANDROID, null)).toBe('h5');
    expect(detectPlatform(null)).toBe('pc');
    expect(isMobileUserAgent(ANDROID)).toBe(true);
  });

  it('inside Telegram uses the Telegram platform', () => {
    expect(detectPlatform(DESKTOP, 'ios')).toBe('ios_tg');
    expect(detectPlatform(DESKTOP, 'android')).toBe('android_tg');
    expect(detectPlatform(IPHONE, 'tdesktop')).toBe('pc_tg');
    for (const tg of ['macos', 'web', 'weba', 'webk', 'WebZ'])
      expect(detectPlatform(IPHONE, tg)).toBe('pc_tg');
  });

  it('classes an unrecognised Telegram platform by user agent', () => {
    expect(detectPlatform(IPHONE, 'newos')).toBe('ios_tg');
    expect(detectPlatform(ANDROID, 'newos')).toBe('android_tg');
    expect(detectPlatform(DESKTOP, 'newos')).toBe('pc_tg');
    expect(detectPlatform(DESKTOP, 'constructor')).toBe('pc_tg');
  });

  it('treats an empty or unknown Telegram platform as outside Telegram', () => {
    expect(detectPlatform(IPHONE, '')).toBe('h5');
    expect(detectPlatform(DESKTOP, 'unknown')).toBe('pc');
  });
});

describe('detectAppWebview (§1: app webview with Turkey and EU variants)', () => {
  it.each([
    [`${ANDROID} GatehouseApp/4.21.0`, 'main', '4.21.0'],
    [`${IPHONE} GatehouseTR/1.2`, 'tr', '1.2'],
    [`${IPHONE} GatehouseEU/3.0.1 (build)`, 'eu', '3.0.1'],
    ['GatehouseApp/5', 'main', '5'],
  ])('%s → %s', (ua, app, version) => {
    expect(detectAppWebview(ua)).toEqual({ app, version });
  });

  it('is null in an ordinary browser or for look-alike tokens', () => {
    for (const ua of [
      DESKTOP,
      IPHONE,
      '',
      'NotGatehouseApp/1.0',
      'GatehouseApp/',
      'GatehouseXX/1.0',
      'GatehouseApp/1.0x',
    ]) {
      expect(detectAppWebview(ua)).toBeNull();
    }
    expect(detectAppWebview(null)).toBeNull();
  });
});
