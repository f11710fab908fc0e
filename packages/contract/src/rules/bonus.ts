import { SITES } from '../sites/site-table.js';
import type { SiteId } from '../sites/site-types.js';

/** Sign-up channels that carry a bonus amount (§9 table columns). */
export type BonusChannel = 'normal' | 'affiliate' | 'referral' | 'signup';

export interface BonusOptions {
  /** The visitor came through an affiliate link: GEO shows its affiliate sign-up amount then. */
  affiliateVisitor?: boolean;
}

/** §9 "Fallback sign-up amount $30 on EU, else $100". */
export function fallbackSignupBonus(site: SiteId): number {
  return site === 'EU' ? 30 : 100;
}

/** The US-dollar amount to show for a channel; the fallback where the table says "not shown". */
export function signupBonus(site: SiteId, channel: BonusChannel, opts: BonusOptions = {}): number {
  const bonus = SITES[site].bonus;
  if (channel === 'signup' && opts.affiliateVisitor && bonus.affiliateSignup != null)
    return bonus.affiliateSignup;
  return bonus[channel] ?? fallbackSignupBonus(site);
}

/** The extra affiliate amount (the "+" of "$30,100(+)"), or null where not shown. */
export function affiliateExtraBonus(site: SiteId): number | null {
  return SITES[site].bonus.affiliateExtra;
}
