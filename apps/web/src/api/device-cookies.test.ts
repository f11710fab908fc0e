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

  describe('a malformed cookie jar never throws', () => {
    const jar = (value: string) => vi.spyOn(document, 'cookie', 'get').mockReturnValue(value);

    it.each([
      ['bad percent-encoding', `${GUID_COOKIE}=%E0%A4%A`],
      ['a lone percent sign', `${GUID_COOKIE}=%`],
      ['no `=` at all', `${GUID_COOKIE}`],
      ['an empty name', `=x; ${GUID_COOKIE}`],
      ['only separators', ';;; ;'],
      ['a huge value', `${GUID_COOKIE}=${'%'.repeat(100_000)}`],
    ])('%s: read as absent, and a fresh guid is made', (_label, header) => {
      jar(header);
      expect(readCookie(GUID_COOKIE)).toBeUndefined();
      expect(deviceGuid()).toHaveLength(36);
    });

    it('takes the first readable one of duplicate names', () => {
      jar(`${GUID_COOKIE}=%E0%A4%A; other=1; ${GUID_COOKIE}=second; ${GUID_COOKIE}=third`);
      expect(readCookie(GUID_COOKIE)).toBe('second');
      expect(readCookie('other')).toBe('1');
    });

    it('decodes a well-formed encoded value', () => {
      jar(`a=1; ${DEVICE_ID_COOKIE}=x%20y%E3%81%82`);
      expect(readCookie(DEVICE_ID_COOKIE)).toBe('x yあ');
    });

    it('survives a document whose cookie cannot be read or written (sandboxed frame)', () => {
      vi.spyOn(document, 'cookie', 'get').mockImplementation(() => {
        throw new DOMException('The document is sandboxed', 'SecurityError');
      });
      vi.spyOn(document, 'cookie', 'set').mockImplementation(() => {
        throw new DOMException('The document is sandboxed', 'SecurityError');
      });
      expect(readCookie(GUID_COOKIE)).toBeUndefined();
      expect(deviceGuid()).toHaveLength(36);
      expect(deviceId().length).toBeGreaterThan(0);
      vi.restoreAllMocks(); // before afterEach expires the cookies through the real setter
    });
  });
});
