// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_ID_COOKIE, GUID_COOKIE, deviceGuid, deviceId, readCookie, uuid } from './device-cookies';

function expire(name: string) {
  document.cookie = `${name}=; Max-Age=0; Path=/`;
}

afterEach(() => {
  expire(GUID_COOKIE);
  expire(DEVICE_ID_COOKIE);
  vi.restoreAllMocks();
});

describe('device cookies', () => {
  it('creates a 36-character guid cookie for 120 days on path / with SameSite=Lax, then reuses it', () => {
    const writes = vi.spyOn(document, 'cookie', 'set');
    const guid = deviceGuid();
    expect(guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(guid).toHaveLength(36);
    expect(readCookie(GUID_COOKIE)).toBe(guid);
    expect(writes).toHaveBeenCalledWith(
      `${GUID_COOKIE}=${guid}; Max-Age=${120 * 86_400}; Path=/; SameSite=Lax`,
    );
    expect(deviceGuid()).toBe(guid);
    expect(writes).toHaveBeenCalledTimes(1);
  });

  it('replaces a guid that is not 36 characters long', () => {
    document.cookie = `${GUID_COOKIE}=short; Path=/`;
    const guid = deviceGuid();
    expect(guid).toHaveLength(36);
    expect(readCookie(GUID_COOKIE)).toBe(guid);
  });

  it('creates the device-id cookie for 7 days and keeps it', () => {
    const writes = vi.spyOn(document, 'cookie', 'set');
    const id = deviceId();
    expect(writes).toHaveBeenCalledWith(
      `${DEVICE_ID_COOKIE}=${id}; Max-Age=${7 * 86_400}; Path=/; SameSite=Lax`,
    );
    expect(deviceId()).toBe(id);
  });

  it('makes UUIDs without crypto.randomUUID (plain-http origins)', () => {
    vi.stubGlobal('isSecureContext', false);
    try {
      expect(uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
