import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { SessionTable } from '../../db/schema.js';

export type SessionRow = Selectable<SessionTable>;

/** Storage of sessions; knows nothing about tokens or timeouts (the service does). */
export interface SessionRepository {
  insert(row: SessionRow): Promise<void>;
  findById(id: string): Promise<SessionRow | undefined>;
  touch(id: string, at: number): Promise<void>;
  revoke(id: string, at: number): Promise<void>;
  revokeAllForUser(userId: string, at: number): Promise<number>;
  /** Delete sessions whose absolute end passed before `before`; returns how many. */
  deleteExpired(before: number): Promise<number>;
}

export function createSessionRepository(db: Db): SessionRepository {
  return {
    async insert(row) {
      await db.insertInto('sessions').values(row).execute();
    },
    findById(id) {
      return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async touch(id, at) {
      await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
    },
    async revoke(id, at) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },
    async revokeAllForUser(userId, at) {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async deleteExpired(before) {
      const result = await db.deleteFrom('sessions').where('expires_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
