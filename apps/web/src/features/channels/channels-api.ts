import * as channelCalls from '@gatehouse/contract/endpoints/channels';
import {
  AFFILIATE_ID_PATTERN,
  RetCode,
  type AffiliateOpenInfo,
  type CodeInfoResult,
  type InviteSummary,
} from '@gatehouse/contract';
import { api } from '../../api';

/** What a code is (`POST /s1/code/info`); null when unknown or the call failed (the landing says so). */
export async function fetchCodeInfo(code: string): Promise<CodeInfoResult | null> {
  try {
    return (await api.call(channelCalls.codeInfo, { code }, { hideError: true }))?.result ?? null;
  } catch {
    return null;
  }
}

/**
 * The affiliate's card for the sign-up page, or null: a non-digit id is refused here with no call
 * (spec §5), an anonymous affiliate (isShow false) shows none, and the calls' "not found", "disabled"
 * and "hidden" answers (610016, 610017, 10002) are silent (spec §8, the client policy of /affiliate/).
 */
export async function fetchAffiliateCard(
  affiliateId: string,
  groupId: string | null,
): Promise<AffiliateOpenInfo | null> {
  if (!AFFILIATE_ID_PATTERN.test(affiliateId)) return null;
  try {
    const anonymity = await api.call(channelCalls.affiliateAnonymity, { affiliate_id: affiliateId });
    if (!anonymity?.result.isShow) return null;
    const info = await api.call(channelCalls.affiliateOpenInfo, {
      affid: affiliateId,
      ...(groupId ? { group_id: groupId } : {}),
    });
    return info?.result ?? null;
  } catch {
    return null;
  }
}

/** The dashboard's invite code and invitee count. */
export async function fetchInviteSummary(): Promise<InviteSummary | undefined> {
  return (await api.call(channelCalls.inviteSummary, {}, { hideError: true }))?.result;
}

/** The codes the landing treats as "unknown code" rather than a failure. */
export const UNKNOWN_CODE = RetCode.RefCodeNotFound;
