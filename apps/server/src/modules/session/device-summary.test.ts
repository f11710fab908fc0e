import { describe, expect, it } from 'vitest';
import { deviceSummary } from './device-summary.js';

describe('deviceSummary', () => {
  it('names browser, system and kind of a desktop and a phone', () => {
    expect(
      deviceSummary(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36',
      ),
    ).toEqual({ device: 'desktop', browser: 'Chrome 120.0', os: 'Windows 10' });
    expect(
      deviceSummary(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
      ),
    ).toMatchObject({ device: 'mobile', browser: 'Safari 17.2', os: 'iOS 17.2' });
  });

  it('answers "other" with no names for a missing or meaningless agent', () => {
    expect(deviceSummary(null)).toEqual({ device: 'other', browser: null, os: null });
    expect(deviceSummary('curl-ish')).toMatchObject({ device: 'other' });
  });
});
