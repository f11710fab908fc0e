import { CompiledQuery, sql, type Compilable, type OperationNodeSource } from 'kysely';
import { sqlDialectOf, type Db } from './connect.js';

/**
 * One write (insert, update or delete) built but not run, so a caller can run several together: a
 * repository hands it out (`devices.rememberWrite`, `sessions.issue`) instead of running it.
 */
export type SqlWrite = Compilable<unknown> & OperationNodeSource;

/**
 * Runs independent writes as one unit (ADR 0021): all of them or none, in one round trip where the
 * database allows. On PostgreSQL that is one statement, each write a data-modifying WITH query
 * (all run to completion whether or not the outer query reads them); on SQLite, where WITH cannot
 * hold writes and a statement costs a call into the library, not a network round trip, one
 * transaction (one commit instead of one per write).
 *
 * The writes must not depend on each other: on PostgreSQL they all see the database as it was when
 * the statement began, and must not touch the same row.
 */
export async function writeTogether(db: Db, writes: readonly SqlWrite[]): Promise<void> {
  const [first, ...rest] = writes;
  if (!first) return;
  if (rest.length === 0) {
    await db.executeQuery(first);
    return;
  }
  if (sqlDialectOf(db) === 'postgres') {
    const queries = writes.map((w, i) => sql`${sql.ref(`w${i}`)} as (${w})`);
    await sql`with ${sql.join(queries)} select 1`.execute(db);
    return;
  }
  await inWriteTransaction(db, async (trx) => {
    for (const write of writes) await trx.executeQuery(write);
  });
}

const BEGIN_IMMEDIATE = CompiledQuery.raw('begin immediate');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');

/**
 * A transaction that writes. On SQLite it begins IMMEDIATE: it takes the write lock first (waiting
 * for it as busy_timeout says) instead of at its first write, so one that reads before it writes
 * cannot fail with SQLITE_BUSY because another process wrote in between.
 */
export async function inWriteTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (sqlDialectOf(db) === 'postgres') return db.transaction().execute(work);
  return db.connection().execute(async (conn) => {
    await conn.executeQuery(BEGIN_IMMEDIATE);
    try {
      const result = await work(conn);
      await conn.executeQuery(COMMIT);
      return result;
    } catch (err) {
      await conn.executeQuery(ROLLBACK).catch(() => undefined);
      throw err;
    }
  });
}
