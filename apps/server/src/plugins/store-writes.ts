import fp from 'fastify-plugin';
import type { Db } from '../db/connect.js';
import { writeTogether, type SqlWrite } from '../db/write-together.js';
import type { KvStore, KvWriteOp } from './kv/kv-store.js';
import { SqlKv } from './kv/sql-kv.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Rows and short-lived keys written as one unit (ADR 0021). */
    storeWrites: StoreWrites;
  }
}

export interface StoreWrites {
  /**
   * Write rows (repositories' writes not yet run; nulls skipped) and kv changes together, in as
   * few round trips as the stores allow (ADR 0021). With the kv in the database (SQLite, or
   * PostgreSQL without Redis) all of it is one unit: one transaction on SQLite, one statement on
   * PostgreSQL. With Redis the rows are one PostgreSQL statement and the kv changes one MULTI, sent
   * at the same time: each is all-or-nothing, the two are not one transaction.
   */
  commit(writes: { rows?: readonly (SqlWrite | null)[]; kv?: readonly KvWriteOp[] }): Promise<void>;
}

export function createStoreWrites(db: Db, kv: KvStore): StoreWrites {
  return {
    async commit({ rows = [], kv: ops = [] }) {
      const sql = rows.filter((w): w is SqlWrite => w !== null);
      // The kv plugin builds a SqlKv on this same database: its writes join the rows'.
      if (kv instanceof SqlKv) return writeTogether(db, [...sql, ...kv.writesFor(ops)]);
      await Promise.all([writeTogether(db, sql), ops.length ? kv.batch(ops) : null]);
    },
  };
}

/** Needs `store` and `kv`. */
export default fp(
  async (app) => {
    app.decorate('storeWrites', createStoreWrites(app.db, app.kv));
  },
  { name: 'store-writes', dependencies: ['store', 'kv'] },
);
