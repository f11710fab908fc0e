import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { OutboxTable } from '../../db/schema.js';

export type OutboxRow = Selectable<OutboxTable>;

export interface OutboxRepository {
  insert(row: OutboxRow): Promise<void>;
  setStatus(id: string, status: OutboxRow['status']): Promise<void>;
  /** Newest first; only `recipient`'s when given. */
  latest(opts: { recipient?: string; limit: number }): Promise<OutboxRow[]>;
  /** Removes messages created before `before` (epoch ms); returns how many. */
  prune(before: number): Promise<number>;
}

export function createOutboxRepository(db: Db): OutboxRepository {
  return {
    async insert(row) {
      await db.insertInto('outbox').values(row).execute();
    },
    async setStatus(id, status) {
      await db.updateTable('outbox').set({ status }).where('id', '=', id).execute();
    },
    async latest({ recipient, limit }) {
      let query = db.selectFrom('outbox').selectAll();
      if (recipient !== undefined) query = query.where('recipient', '=', recipient);
      // id breaks ties between messages of the same millisecond (ids are time-ordered, see delivery.service).
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },
    async prune(before) {
      const result = await db.deleteFrom('outbox').where('created_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
