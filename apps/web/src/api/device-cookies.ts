/**
 * Device cookies (spec §3, §9): a guid that identifies the browser for 120 days and a device id for
 * 7 days. Both are created on first use and read by the page itself, so they cannot be HttpOnly.
 */
export const GUID_COOKIE = 'gh_guid';
export const DEVICE_ID_COOKIE = 'gh_device_id';
export const GUID_COOKIE_DAYS = 120;
export const DEVICE_ID_COOKIE_DAYS = 7;

const DAY_SECONDS = 86_400;

/** `document.cookie`, or '' where reading it throws (a sandboxed frame, cookies blocked). */
function cookieHeader(): string {
  try {
    return typeof document === 'undefined' ? '' : document.cookie;
  } catch {
    return '';
  }
}

/**
 * The value of the first well-formed cookie called `name`, or undefined. A malformed cookie (bad
 * percent-encoding such as `%E0%A4%A`, a pair without `=`) counts as absent rather than throwing:
 * the page must come up whatever another app of the domain left in the jar.
 */
export function readCookie(name: string): string | undefined {
  for (const pair of cookieHeader().split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1 || pair.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(eq + 1).trim());
    } catch {
      // a later cookie of the same name (another path) may still be readable
    }
  }
  return undefined;
}

export function writeCookie(name: string, value: string, days: number): void {
  if (typeof document === 'undefined') return;
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  try {
    document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${days * DAY_SECONDS}; Path=/; SameSite=Lax${secure}`;
  } catch {
    // Cookies blocked: the value still serves this page (ensure returns it), just not the next one.
  }
}

/** A 36-character UUID v4 (crypto.randomUUID is missing on plain-http origins in some browsers). */
export function uuid(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false)
    return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function ensure(name: string, days: number, valid: (value: string) => boolean): string {
  const current = readCookie(name);
  if (current && valid(current)) return current;
  const fresh = uuid();
  writeCookie(name, fresh, days);
  return fresh;
}

/** The Guid header: the cookie value, created (120 days) when missing or not 36 characters long. */
export function deviceGuid(): string {
  return ensure(GUID_COOKIE, GUID_COOKIE_DAYS, (value) => value.length === 36);
}

/** The device id that seeds the tx-id fingerprint; created for 7 days when missing. */
export function deviceId(): string {
  return ensure(DEVICE_ID_COOKIE, DEVICE_ID_COOKIE_DAYS, (value) => value.length > 0);
}
