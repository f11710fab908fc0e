import { readLocal, writeLocal } from '../../lib/local-flags';

/**
 * Spec §3 "Telegram-link-decision flag": whether this Telegram user already answered the
 * link-authorisation screen (Accept or Decline), so the Mini App does not ask again on every login.
 * Kept per Telegram user id: one device may open the Mini App from several Telegram accounts.
 */
export type LinkDecision = 'accepted' | 'declined';

export function linkDecisionKey(product: string, telegramUserId: string): string {
  return `${product}_TG_LINK_DECISION_${telegramUserId}`;
}

export function readLinkDecision(product: string, telegramUserId: string): LinkDecision | null {
  const value = readLocal(linkDecisionKey(product, telegramUserId));
  return value === 'accepted' || value === 'declined' ? value : null;
}

export function writeLinkDecision(product: string, telegramUserId: string, decision: LinkDecision): void {
  writeLocal(linkDecisionKey(product, telegramUserId), decision);
}
