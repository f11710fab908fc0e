/**
 * Browser and operating system named from a user agent, for "who is asking" on the QR confirm page.
 * A short, approximate answer (the person recognises their own browser), never the raw string: a
 * user agent is free text the asking side chose. Unknown stays null (the page says "unknown").
 */
export interface UserAgentSummary {
  browser: string | null;
  os: string | null;
}

// Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari".
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/(?:\b|Headless)Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone|\biPad|\biPod/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (table: readonly (readonly [RegExp, string])[], ua: string) =>
  table.find(([pattern]) => pattern.test(ua))?.[1] ?? null;

export function summariseUserAgent(userAgent: string | null | undefined): UserAgentSummary {
  // Patterns look at the start only: a user agent has no business being longer.
  const ua = (userAgent ?? '').slice(0, 512);
  return { browser: first(BROWSERS, ua), os: first(SYSTEMS, ua) };
}
