import { RetCode } from '@gatehouse/contract';
import type { Account } from '../accounts/accounts.repository.js';
import type { BanTokens } from '../../lib/ban-tokens.js';
import { LoginRefusal } from '../../lib/login-refusal.js';
import { banInfoOf, type BanService } from './bans.service.js';

/**
 * Every way in (password login, its code step, Telegram login) refuses a banned account the same way:
 * 31003 with the ban (`is_self_help_baned`, `baned_time`, `baned_until`) and the `self_unbind_token`
 * cookie the ban screens read. Call it only once the caller proved the account (password, code,
 * Telegram signature): the answer tells that the account exists. An expired ban lets them in.
 */
export async function refuseIfBanned(
  bans: BanService,
  banTokens: BanTokens,
  account: Pick<Account, 'id' | 'status' | 'bannedAt' | 'createdAt'>,
): Promise<void> {
  const ban = await bans.active(account);
  if (!ban) return;
  throw new LoginRefusal(RetCode.AccountBanned, banInfoOf(ban), {
    banToken: await banTokens.issue(account.id),
  });
}
