import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Kysely prepares every SQLite query anew; preparing costs more than running most of our
 * queries (bench:api showed it as the largest store cost of a login). Our queries come from a
 * fixed set of builders, so the distinct SQL texts are few: keep the prepared statements, least
 * recently used evicted past `max`. SQLite re-prepares a kept statement itself after a schema
 * change, so migrations need no care.
 */
export function withStatementCache(db: SqliteDatabase, max = 500): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => {
      statements.clear();
      db.close();
    },
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) {
        // Re-insert to mark it most recently used (a Map iterates in insertion order).
        statements.delete(sql);
      } else {
        statement = db.prepare(sql);
        if (statements.size >= max) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
