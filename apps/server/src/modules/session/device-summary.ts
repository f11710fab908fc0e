import Bowser from 'bowser';
import type { DeviceKind, DeviceSummary } from '@gatehouse/contract';

const KINDS: Record<string, DeviceKind> = {
  desktop: 'desktop',
  mobile: 'mobile',
  tablet: 'tablet',
  tv: 'tv',
};

/** Keep a version to its major.minor: "Chrome 120", not "Chrome 120.0.6099.109". */
const short = (version: string | undefined) => version?.split('.').slice(0, 2).join('.') ?? '';
const named = (name: string | undefined, version: string | undefined) =>
  name ? `${name} ${short(version)}`.trim().slice(0, 64) : null;

/**
 * Device kind, browser and operating system as the user recognises them, read from the stored user
 * agent by `bowser` (a well-kept parser; the raw string is never sent back). Unknown or missing
 * agents read as "other" with no names.
 */
export function deviceSummary(userAgent: string | null): DeviceSummary {
  if (!userAgent) return { device: 'other', browser: null, os: null };
  const parsed = Bowser.parse(userAgent);
  const os = named(parsed.os.name, parsed.os.versionName ?? parsed.os.version);
  return {
    device: KINDS[parsed.platform.type ?? ''] ?? 'other',
    browser: named(parsed.browser.name, parsed.browser.version),
    os,
  };
}
