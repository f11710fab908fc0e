import type { Db } from '../../db/connect.js';
import { isUniqueViolation } from '../accounts/accounts.repository.js';

/** An account's bound authenticator, as the service sees it. */
export interface TotpRecord {
  userId: string;
  /** Sealed (secret-box.ts); the service opens it. */
  secretEnc: string;
  enabledAt: number;
  lastStep: number | null;
  unbindRequestedAt: number | null;
  unbindEffectiveAt: number | null;
}

/**
 * `two_factor_totp`, `two_factor_backup_codes` and the `users.has_google2fa` mirror, always written
 * together in one transaction, so the flag is on exactly when a secret is bound. Every guard that
 * must hold under concurrency is one conditional statement: the database decides who wins.
 */
export interface TwoFactorRepository {
  find(userId: string): Promise<TotpRecord | undefined>;
  /** Bind the secret with its backup code hashes; false when one is bound already (the primary key decides). */
  enable(
    userId: string,
    secretEnc: string,
    backupHashes: string[],
    step: number,
    now: number,
  ): Promise<boolean>;
  /**
   * Unbind. With `dueOnly`, only when an e-mailed removal is due by `now` (the lazy end of the
   * waiting period), so two readers finishing it at once remove it, and mail about it, once.
   */
  disable(userId: string, now: number, opts?: { dueOnly?: boolean }): Promise<boolean>;
  /** Accept `step` if it is newer than the last accepted one (compare-and-set): a code works once. */
  claimStep(userId: string, step: number): Promise<boolean>;
  /** Mark the backup code used; true for exactly one of any number of concurrent redeems. */
  redeemBackupCode(userId: string, hash: string, now: number): Promise<boolean>;
  backupCodesLeft(userId: string): Promise<number>;
  /** Schedule the e-mailed removal unless one is scheduled already; false when none was set. */
  scheduleUnbind(userId: string, now: number, effectiveAt: number): Promise<boolean>;
  cancelUnbind(userId: string): Promise<boolean>;
}

export function createTwoFactorRepository(db: Db): TwoFactorRepository {
  const setFlag = (trx: Db, userId: string, on: boolean, now: number) =>
    trx
      .updateTable('users')
      .set({ has_google2fa: on ? 1 : 0, updated_at: now })
      .where('id', '=', userId)
      .execute();

  return {
    async find(userId) {
      const row = await db
        .selectFrom('two_factor_totp')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return undefined;
      const num = (v: number | null) => (v === null ? null : Number(v));
      return {
        userId: row.user_id,
        secretEnc: row.secret_enc,
        enabledAt: Number(row.enabled_at),
        lastStep: num(row.last_step),
        unbindRequestedAt: num(row.unbind_requested_at),
        unbindEffectiveAt: num(row.unbind_effective_at),
      };
    },

    async enable(userId, secretEnc, backupHashes, step, now) {
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('two_factor_totp')
            .values({
              user_id: userId,
              secret_enc: secretEnc,
              enabled_at: now,
              // The confirming code's step is spent: it cannot log in a second time.
              last_step: step,
              unbind_requested_at: null,
              unbind_effective_at: null,
            })
            .execute();
          // Codes of an earlier set-up (turned off since) are gone with it; these replace them.
          await trx.deleteFrom('two_factor_backup_codes').where('user_id', '=', userId).execute();
          await trx
            .insertInto('two_factor_backup_codes')
            .values(
              backupHashes.map((code_hash) => ({
                user_id: userId,
                code_hash,
                created_at: now,
                used_at: null,
              })),
            )
            .execute();
          await setFlag(trx, userId, true, now);
        });
        return true;
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    },

    disable(userId, now, opts = {}) {
      return db.transaction().execute(async (trx) => {
        let query = trx.deleteFrom('two_factor_totp').where('user_id', '=', userId);
        if (opts.dueOnly) query = query.where('unbind_effective_at', '<=', now);
        const removed = Number((await query.executeTakeFirst()).numDeletedRows) === 1;
        if (!removed) return false;
        await trx.deleteFrom('two_factor_backup_codes').where('user_id', '=', userId).execute();
        await setFlag(trx, userId, false, now);
        return true;
      });
    },

    async claimStep(userId, step) {
      const result = await db
        .updateTable('two_factor_totp')
        .set({ last_step: step })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async redeemBackupCode(userId, hash, now) {
      const result = await db
        .updateTable('two_factor_backup_codes')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('code_hash', '=', hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async backupCodesLeft(userId) {
      const row = await db
        .selectFrom('two_factor_backup_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async scheduleUnbind(userId, now, effectiveAt) {
      const result = await db
        .updateTable('two_factor_totp')
        .set({ unbind_requested_at: now, unbind_effective_at: effectiveAt })
        .where('user_id', '=', userId)
        .where('unbind_effective_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async cancelUnbind(userId) {
      const result = await db
        .updateTable('two_factor_totp')
        .set({ unbind_requested_at: null, unbind_effective_at: null })
        .where('user_id', '=', userId)
        .where('unbind_effective_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
