import { SITES } from '../sites/site-table.js';
import type { BonusTable, SiteId } from '../sites/site-types.js';

/** Sign-up channels that carry a bonus amount (§9 table columns). */
export type BonusChannel = 'normal' | 'affiliate' | 'referral' | 'signup';

/** The rows of the §9 table: GEO, EU and TUR have their own, every other site reads Default. */
export type BonusRegion = 'Default' | 'EU' | 'GEO' | 'TUR';

/**
 * The web config entry (table `web_config`) an operator changes the amounts in: an object of rows by
 * {@link BonusRegion}, each a partial {@link BonusTable}. What a row leaves out keeps the §9 amount.
 * Served with `POST /v3/config/web` and inlined in every page's bootstrap (docs/configuration.md).
 */
export const SIGNUP_BONUS_CONFIG_KEY = 'signup_bonus';

export interface BonusOptions {
  /** The visitor came through an affiliate link: GEO shows its affiliate sign-up amount then. */
  affiliateVisitor?: boolean;
  /** The site's table as configured ({@link bonusTableFor}); the §9 amounts when absent. */
  table?: BonusTable;
}

export function bonusRegion(site: SiteId): BonusRegion {
  return site === 'EU' || site === 'GEO' || site === 'TUR' ? site : 'Default';
}

const BONUS_FIELDS = [
  'normal',
  'affiliate',
  'affiliateExtra',
  'referral',
  'signup',
  'affiliateSignup',
] as const;
/** Whole dollars, up to a sane bound: a typo of the operator's must not show a billion. */
const isAmount = (v: unknown): v is number | null =>
  v === null || (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 10_000_000);

/**
 * The site's bonus table: the §9 amounts (site table), overridden field by field by the configured
 * row of its region. A malformed value (not an object, a negative or fractional amount) is ignored.
 */
export function bonusTableFor(site: SiteId, config: unknown): BonusTable {
  const table: BonusTable = { ...SITES[site].bonus };
  const row =
    typeof config === 'object' && config !== null
      ? (config as Record<string, unknown>)[bonusRegion(site)]
      : undefined;
  if (typeof row !== 'object' || row === null) return table;
  for (const field of BONUS_FIELDS) {
    const value = (row as Record<string, unknown>)[field];
    if (value !== undefined && isAmount(value)) table[field] = value;
  }
  return table;
}

/** The §9 table as the configuration entry's default (what the seed writes). */
export function defaultSignupBonusConfig(): Record<BonusRegion, BonusTable> {
  return { Default: SITES.global.bonus, EU: SITES.EU.bonus, GEO: SITES.GEO.bonus, TUR: SITES.TUR.bonus };
}

/** §9 "Fallback sign-up amount $30 on EU, else $100". */
export function fallbackSignupBonus(site: SiteId): number {
  return site === 'EU' ? 30 : 100;
}

/** The US-dollar amount to show for a channel; the fallback where the table says "not shown". */
export function signupBonus(site: SiteId, channel: BonusChannel, opts: BonusOptions = {}): number {
  const bonus = opts.table ?? SITES[site].bonus;
  if (channel === 'signup' && opts.affiliateVisitor && bonus.affiliateSignup != null)
    return bonus.affiliateSignup;
  return bonus[channel] ?? fallbackSignupBonus(site);
}

/** The extra affiliate amount (the "+" of "$30,100(+)"), or null where not shown. */
export function affiliateExtraBonus(site: SiteId, table?: BonusTable): number | null {
  return (table ?? SITES[site].bonus).affiliateExtra;
}
