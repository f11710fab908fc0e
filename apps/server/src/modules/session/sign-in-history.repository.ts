import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { SignInHistoryTable } from '../../db/schema.js';
import type { SqlWrite } from '../../db/write-together.js';

export type SignInHistoryRow = Selectable<SignInHistoryTable>;

/** Storage of sign-in attempts (migration 0086); the session service decides what goes in. */
export interface SignInHistoryRepository {
  /** An insert not yet run: a success is written with its session (ADR 0021). */
  insertWrite(row: SignInHistoryRow): SqlWrite;
  insert(row: SignInHistoryRow): Promise<void>;
  /** The newest `limit` attempts of one account, newest first. */
  newest(userId: string, limit: number): Promise<SignInHistoryRow[]>;
  /** Delete attempts older than `before`; returns how many. */
  deleteOlderThan(before: number): Promise<number>;
}

export function createSignInHistoryRepository(db: Db): SignInHistoryRepository {
  const insertWrite = (row: SignInHistoryRow) => db.insertInto('sign_in_history').values(row);
  return {
    insertWrite,
    async insert(row) {
      await insertWrite(row).execute();
    },
    newest(userId, limit) {
      return db
        .selectFrom('sign_in_history')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
    async deleteOlderThan(before) {
      const result = await db.deleteFrom('sign_in_history').where('at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
