import { sql, type Compilable, type OperationNodeSource } from 'kysely';
import { sqlDialectOf, type Db } from './connect.js';

/**
 * One write (insert, update or delete) built but not run, so a caller can run several together: a
 * repository hands it out (`devices.rememberWrite`, `sessions.issue`) instead of running it.
 */
export type SqlWrite = Compilable<unknown> & OperationNodeSource;

/**
 * Runs independent writes as one unit (ADR 0018): all of them or none, in one round trip where the
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
  await db.transaction().execute(async (trx) => {
    for (const write of writes) await trx.executeQuery(write);
  });
}
