/**
 * Where the exchange may not serve (§6): ISO 3166-1 alpha-2 countries, plus Ontario as the
 * ISO 3166-2 subdivision `CA-ON`.
 */
export const BLOCKED_COUNTRIES = ['CN', 'CU', 'IR', 'KP', 'SD', 'SG', 'SY', 'US', 'CA-ON'] as const;

const BLOCKED: ReadonlySet<string> = /* @__PURE__ */ new Set(BLOCKED_COUNTRIES);

/**
 * Whether a residence is blocked. `country` is an alpha-2 code (or a full `CA-ON` code);
 * `subdivision` may be given as `ON` or `CA-ON`. Case-insensitive.
 */
export function isBlockedCountry(country: string, subdivision?: string | null): boolean {
  const code = country.trim().toUpperCase();
  if (BLOCKED.has(code)) return true;
  if (!subdivision) return false;
  const sub = subdivision.trim().toUpperCase();
  const full = sub.includes('-') ? sub : `${code}-${sub}`;
  return full.startsWith(`${code}-`) && BLOCKED.has(full);
}
