import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { writeTogether, type SqlWrite } from '../../db/write-together.js';
import type { SessionTable } from '../../db/schema.js';

export type SessionRow = Selectable<SessionTable>;

/** Storage of sessions; knows nothing about tokens or timeouts (the service does). */
export interface SessionRepository {
  insert(row: SessionRow): Promise<void>;
  /** insert() as a write not yet run: db/write-together.ts. */
  insertWrite(row: SessionRow): SqlWrite;
  /** revoke() as a write not yet run. */
  revokeWrite(id: string, at: number): SqlWrite;
  findById(id: string): Promise<SessionRow | undefined>;
  touch(id: string, at: number): Promise<void>;
  revoke(id: string, at: number): Promise<void>;
  revokeAllForUser(userId: string, at: number): Promise<number>;
  /** Writes (this repository's and others') as one unit (ADR 0021). */
  writeTogether(writes: readonly SqlWrite[]): Promise<void>;
  /** The user's sessions not revoked and not past their absolute end (idle ones are filtered by the service). */
  listLive(userId: string, now: number): Promise<SessionRow[]>;
  /** End one session if, and only if, it is `userId`'s and still live: one conditional update. */
  revokeOwned(userId: string, id: string, at: number): Promise<boolean>;
  /** End every live session of `userId` but `keepId`; returns how many. */
  revokeAllExcept(userId: string, keepId: string, at: number): Promise<number>;
  /** Delete sessions whose absolute end passed before `before`; returns how many. */
  deleteExpired(before: number): Promise<number>;
}

export function createSessionRepository(db: Db): SessionRepository {
  // A login writes these, and every call with a session reads one: built once (db/prepared-query.ts).
  const insertWrite = preparedQuery<SessionRow, never>((p) =>
    db.insertInto('sessions').values({
      id: p.id,
      user_id: p.user_id,
      created_at: p.created_at,
      last_seen_at: p.last_seen_at,
      expires_at: p.expires_at,
      idle_timeout_ms: p.idle_timeout_ms,
      user_agent: p.user_agent,
      ip: p.ip,
      revoked_at: p.revoked_at,
      site: p.site,
      country: p.country,
      method: p.method,
    }),
  );
  const revokeWrite = (id: string, at: number) => revoke({ id, at });
  const revoke = preparedQuery<{ id: string; at: number }, never>((p) =>
    db
      .updateTable('sessions')
      .set({ revoked_at: p.at })
      .where('id', '=', p.id)
      .where('revoked_at', 'is', null),
  );
  const byId = preparedQuery<{ id: string }, SessionRow>((p) =>
    db.selectFrom('sessions').selectAll().where('id', '=', p.id),
  );

  return {
    async insert(row) {
      await db.executeQuery(insertWrite(row));
    },
    insertWrite,
    revokeWrite,
    async findById(id) {
      return (await db.executeQuery(byId({ id }))).rows[0];
    },
    async touch(id, at) {
      await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
    },
    async revoke(id, at) {
      await db.executeQuery(revokeWrite(id, at));
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
    writeTogether(writes) {
      return writeTogether(db, writes);
    },
    async listLive(userId, now) {
      return db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('last_seen_at', 'desc')
        .limit(200)
        .execute();
    },
    async revokeOwned(userId, id, at) {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async revokeAllExcept(userId, keepId, at) {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('user_id', '=', userId)
        .where('id', '<>', keepId)
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
