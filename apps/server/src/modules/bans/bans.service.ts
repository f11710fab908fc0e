import type { BanInfo } from '@gatehouse/contract';
import type { Account } from '../accounts/accounts.repository.js';
import type { Ban, BansRepository } from './bans.repository.js';

export type { Ban } from './bans.repository.js';

export interface BanInput {
  /** The operator's note (required: a ban without a reason cannot be reviewed). */
  reason: string;
  /** Epoch ms; null: until lifted. */
  until: number | null;
  /** Whether the user may lift it on /self-unblock, from 24 h after the ban. */
  selfHelp: boolean;
  /** When the ban counts from (default now): tests and imports of older bans set it. */
  bannedAt?: number;
}

export interface BanServiceDeps {
  repository: BansRepository;
  /** Ends every session of the account (a ban logs out everywhere). */
  revokeSessions: (userId: string) => Promise<number>;
  /** Read on every call, so a test's fake clock applies. */
  now: () => number;
}

/** Status-only bans (set by hand, or from before migration 0063) are read as the migration recorded them. */
const LEGACY_REASON = 'recorded before migration 0063';

/**
 * Bans (docs/flows/ban.md): the operator CLI (scripts/ban.ts) sets and lifts them; login, Telegram
 * login and the ban screens read them through `active`, which is also where an expired ban ends.
 */
export function createBanService(deps: BanServiceDeps) {
  const { repository } = deps;

  return {
    /** Ban (or re-ban with new terms) and log the account out everywhere. False: no such account, or terminated. */
    async ban(userId: string, input: BanInput): Promise<Ban | null> {
      const now = deps.now();
      const ban: Ban = {
        userId,
        reason: input.reason,
        bannedAt: input.bannedAt ?? now,
        until: input.until,
        selfHelp: input.selfHelp,
      };
      if (!(await repository.put(ban, now))) return null;
      await deps.revokeSessions(userId);
      return ban;
    },

    /** Lift the ban (operator). True when there was one. */
    unban(userId: string): Promise<boolean> {
      return repository.remove(userId);
    },

    /**
     * Lift exactly the ban that started at `bannedAt` (self-unblock): a ban the operator replaced
     * after the code was sent stays.
     */
    lift(userId: string, bannedAt: number): Promise<boolean> {
      return repository.remove(userId, { bannedAt });
    },

    /** The ban that blocks this account now, or null. A ban past its end is removed here. */
    async active(account: Pick<Account, 'id' | 'status' | 'bannedAt' | 'createdAt'>): Promise<Ban | null> {
      if (account.status !== 'banned') return null;
      const ban = await repository.find(account.id);
      if (!ban) {
        return {
          userId: account.id,
          reason: LEGACY_REASON,
          bannedAt: account.bannedAt ?? account.createdAt,
          until: null,
          selfHelp: true,
        };
      }
      const now = deps.now();
      if (ban.until !== null && ban.until <= now) {
        await repository.remove(account.id, { endedBy: now });
        return null;
      }
      return ban;
    },

    find: (userId: string) => repository.find(userId),
  };
}

export type BanService = ReturnType<typeof createBanService>;

/** What the 31003 answer and ban/einfo say about a ban (spec §3 "Self-unban response"). */
export function banInfoOf(ban: Ban | null): BanInfo {
  if (!ban) return { is_self_help_baned: false, baned_time: null, baned_until: null };
  return { is_self_help_baned: ban.selfHelp, baned_time: ban.bannedAt, baned_until: ban.until };
}
