import {
  AFFILIATE_ID_PATTERN,
  SIGNUP_BONUS_CONFIG_KEY,
  affiliateExtraBonus,
  bonusTableFor,
  primaryLanguage,
  signupBonus,
  type SiteId,
} from '@gatehouse/contract';

/** Which §9 column a visitor of the sign-up page belongs to, from the page query. */
export type VisitorChannel = 'normal' | 'referral' | 'affiliate';

export function visitorChannel(search: string): VisitorChannel {
  const query = new URLSearchParams(search);
  if (AFFILIATE_ID_PATTERN.test(query.get('affiliate_id')?.trim() ?? '')) return 'affiliate';
  if (query.get('ref')?.trim()) return 'referral';
  return 'normal';
}

export interface VisitorBonus {
  /** Up to this much for the visitor's channel. */
  amount: number;
  /** The affiliate's extra (the "+" of §9), or null. */
  extra: number | null;
  /** What signing up alone brings. */
  signup: number;
}

/** The amounts for a site and channel, from the operator's configured table (web config `signup_bonus`). */
export function visitorBonus(
  site: SiteId,
  channel: VisitorChannel,
  config: ReadonlyMap<string, unknown>,
): VisitorBonus {
  const table = bonusTableFor(site, config.get(SIGNUP_BONUS_CONFIG_KEY));
  return {
    amount: signupBonus(site, channel, { table }),
    extra: channel === 'affiliate' ? affiliateExtraBonus(site, table) : null,
    signup: signupBonus(site, 'signup', { table, affiliateVisitor: channel === 'affiliate' }),
  };
}

/**
 * US dollars in the page language, whole amounts (`$5,100` in English, `5.100 $` in Turkish). A site
 * locale that is not a BCP 47 tag (`tr-TUR`, `ka-GEO`) is formatted by its language.
 */
export function formatUsd(amount: number, locale: string): string {
  const options = { style: 'currency', currency: 'USD', maximumFractionDigits: 0 } as const;
  try {
    return new Intl.NumberFormat(locale, options).format(amount);
  } catch {
    try {
      return new Intl.NumberFormat(primaryLanguage(locale), options).format(amount);
    } catch {
      return `$${amount}`;
    }
  }
}
