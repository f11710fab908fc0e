import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { AccountBansTable } from '../../db/schema.js';

/** A ban as the rest of the server sees it (the `account_bans` row, camel-cased). */
export interface Ban {
  userId: string;
  /** The operator's note; never shown to the user. */
  reason: string;
  /** Epoch ms: `baned_time`. */
  bannedAt: number;
  /** Epoch ms; null: until lifted. */
  until: number | null;
  selfHelp: boolean;
}

type BanRow = Selectable<AccountBansTable>;

const toBan = (row: BanRow): Ban => ({
  userId: row.user_id,
  reason: row.reason,
  bannedAt: Number(row.banned_at),
  until: row.banned_until === null ? null : Number(row.banned_until),
  selfHelp: Number(row.self_help) === 1,
});

/**
 * `account_bans` and the `users.status` / `users.banned_at` mirror, always written together in one
 * transaction, so an account is banned exactly when it has a record.
 */
export interface BansRepository {
  find(userId: string): Promise<Ban | undefined>;
  /**
   * Record (or replace) the ban and mark the account banned. False when there is no such account or
   * it is terminated (a terminated account stays terminated).
   */
  put(ban: Ban, now: number): Promise<boolean>;
  /**
   * Remove the ban and mark the account active again; only the ban that matches `only` (when given),
   * so a lift decided on an old reading never removes a ban the operator set meanwhile. True when a
   * ban was removed.
   */
  remove(userId: string, only?: { bannedAt?: number; endedBy?: number }): Promise<boolean>;
}

export function createBansRepository(db: Db, now: () => number = Date.now): BansRepository {
  return {
    async find(userId) {
      const row = await db
        .selectFrom('account_bans')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? toBan(row) : undefined;
    },

    put(ban, now) {
      return db.transaction().execute(async (trx) => {
        const marked = await trx
          .updateTable('users')
          .set({ status: 'banned', banned_at: ban.bannedAt, updated_at: now })
          .where('id', '=', ban.userId)
          .where('status', '!=', 'terminated')
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) !== 1) return false;
        const values = {
          reason: ban.reason,
          banned_at: ban.bannedAt,
          banned_until: ban.until,
          self_help: ban.selfHelp ? 1 : 0,
        };
        await trx
          .insertInto('account_bans')
          .values({ user_id: ban.userId, ...values, created_at: now })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, created_at: now }))
          .execute();
        return true;
      });
    },

    remove(userId, only = {}) {
      return db.transaction().execute(async (trx) => {
        let query = trx.deleteFrom('account_bans').where('user_id', '=', userId);
        if (only.bannedAt !== undefined) query = query.where('banned_at', '=', only.bannedAt);
        if (only.endedBy !== undefined) query = query.where('banned_until', '<=', only.endedBy);
        const removed = Number((await query.executeTakeFirst()).numDeletedRows) === 1;
        // A conditional lift needs its record; an operator's unban also clears a status set by hand.
        const conditional = only.bannedAt !== undefined || only.endedBy !== undefined;
        if (conditional && !removed) return false;
        const reactivated = await trx
          .updateTable('users')
          .set({ status: 'active', banned_at: null, updated_at: now() })
          .where('id', '=', userId)
          .where('status', '=', 'banned')
          .executeTakeFirst();
        return removed || Number(reactivated.numUpdatedRows) === 1;
      });
    },
  };
}
