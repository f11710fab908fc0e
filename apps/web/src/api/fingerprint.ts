import { deviceId } from './device-cookies';

/**
 * The tx-id header (spec §3 "device fingerprint"): a stable hash of a few browser traits and the
 * device id. Risk checks compare it between calls; it is not meant to identify a person, so it uses
 * only coarse traits every page can read anyway.
 */
export function deviceFingerprint(): string {
  const nav: Partial<Navigator> = globalThis.navigator ?? {};
  const screen: Partial<Screen> = globalThis.screen ?? {};
  const traits = [
    nav.userAgent,
    nav.language,
    nav.hardwareConcurrency,
    `${screen.width}x${screen.height}x${screen.colorDepth}`,
    timeZoneOffsets(),
    deviceId(),
  ].join('|');
  return hash53(traits).toString(16).padStart(14, '0');
}

/**
 * The time zone as its winter and summer UTC offsets (`-60/-120`), which tell zones apart about as
 * well as the zone's name. Not `Intl.DateTimeFormat().resolvedOptions().timeZone`: the first
 * DateTimeFormat of a page loads the time-zone data, 120–450 ms of main thread at Lighthouse's mobile
 * CPU (4× slowdown), in the first API call of every page load: most of the login page's blocking time.
 */
function timeZoneOffsets(): string {
  const year = new Date().getFullYear();
  return `${new Date(year, 0, 1).getTimezoneOffset()}/${new Date(year, 6, 1).getTimezoneOffset()}`;
}

/** cyrb53: a fast 53-bit string hash, plenty for telling devices apart (not a security primitive). */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
