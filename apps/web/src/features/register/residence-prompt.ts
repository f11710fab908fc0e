import { RetCode, type SiteId } from '@gatehouse/contract';
import { readLocal, writeLocal } from '../../lib/local-flags';

/** The residence modals of spec §8, by the names the spec gives them. */
export type ResidencePromptKind =
  'mainSiteEuResidenceConfirm' | 'euSiteNoEuResidenceConfirm' | 'ResidenceConfirm' | 'AeResidenceConfirm';

/** How long a stored residence confirmation holds before the modal asks again. */
export const RESIDENCE_CONFIRM_VALID_MS = 30 * 24 * 60 * 60 * 1000;

/** What each modal means: its code (the toast's "code: message"), texts, and where its buttons go. */
export const RESIDENCE_PROMPTS: Record<
  ResidencePromptKind,
  { code: number; text: string; onConfirm: 'store' | SiteId; onCancel: 'store' | SiteId }
> = {
  // Main site, EEA visitor: confirm goes to the EU site's sign-up; cancel stays and remembers.
  mainSiteEuResidenceConfirm: {
    code: RetCode.MainSiteEeaResident,
    text: 'mainSiteEu',
    onConfirm: 'EU',
    onCancel: 'store',
  },
  // EU site, visitor outside the EEA: confirm (I do live in the EEA) remembers; cancel goes to global.
  euSiteNoEuResidenceConfirm: {
    code: RetCode.EuSiteResidenceUnconfirmed,
    text: 'euSiteNoEu',
    onConfirm: 'store',
    onCancel: 'global',
  },
  ResidenceConfirm: {
    code: RetCode.GeorgiaResidenceUnconfirmed,
    text: 'georgia',
    onConfirm: 'store',
    onCancel: 'global',
  },
  AeResidenceConfirm: {
    code: RetCode.UaeResidenceUnconfirmed,
    text: 'uae',
    onConfirm: 'store',
    onCancel: 'global',
  },
};

/**
 * Which residence modal the sign-up page opens (spec §8): the main site asks an EEA visitor
 * (restrictOperate); the EU site asks a visitor known to be outside the EEA; Georgia and the UAE ask
 * everyone. Null: none.
 */
export function residencePromptFor(
  site: SiteId,
  facts: { restrictOperate: boolean; visitorGroup: 'eea' | '' | null },
): ResidencePromptKind | null {
  if (site === 'global') return facts.restrictOperate ? 'mainSiteEuResidenceConfirm' : null;
  if (site === 'EU') return facts.visitorGroup === '' ? 'euSiteNoEuResidenceConfirm' : null;
  if (site === 'GEO') return 'ResidenceConfirm';
  if (site === 'ARE') return 'AeResidenceConfirm';
  return null;
}

/** The local flag (spec §3 "residence-confirm timestamp") of one modal. */
export function residenceConfirmKey(product: string, kind: ResidencePromptKind): string {
  return `${product}_RESIDENCE_CONFIRM_${kind}`;
}

/** Whether the visitor answered this modal within its validity. */
export function residenceConfirmed(product: string, kind: ResidencePromptKind, now: number): boolean {
  const at = Number(readLocal(residenceConfirmKey(product, kind)));
  return Number.isFinite(at) && at > 0 && at <= now && now - at < RESIDENCE_CONFIRM_VALID_MS;
}

export function storeResidenceConfirmation(product: string, kind: ResidencePromptKind, now: number): void {
  writeLocal(residenceConfirmKey(product, kind), String(now));
}

/**
 * Another site's sign-up page, the query kept. Without a language prefix: that site's server sends
 * the visitor on to its best language for them (spec §2 pre-render redirects).
 */
export function registerUrlOn(origin: string, search: string): string {
  return `${origin}/register${search ? (search.startsWith('?') ? search : `?${search}`) : ''}`;
}
