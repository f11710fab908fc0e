import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceFingerprint } from './fingerprint';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('deviceFingerprint', () => {
  it('is a stable 14-digit hex hash for the same browser', () => {
    const first = deviceFingerprint();
    expect(first).toMatch(/^[0-9a-f]{14}$/);
    expect(deviceFingerprint()).toBe(first);
  });

  it('tells time zones apart by their offsets', () => {
    const offset = vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(0);
    const london = deviceFingerprint();
    offset.mockReturnValue(-540);
    expect(deviceFingerprint()).not.toBe(london);
  });

  it('does not create a DateTimeFormat (its time-zone data costs the first API call 100+ ms on phones)', () => {
    const created = vi.spyOn(Intl, 'DateTimeFormat');
    deviceFingerprint();
    expect(created).not.toHaveBeenCalled();
  });
});
