import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { Kysely, SqliteAdapter, SqliteDialect, type Dialect } from 'kysely';
import type { DatabaseConfig } from '../config/index.js';
import { refuseNulText } from './nul-guard.js';
import { CurrentSchemaPostgresDialect } from './pg-introspector.js';
import type { Database } from './schema.js';
import { withStatementCache } from './statement-cache.js';

export type Db = Kysely<Database>;

/** PostgreSQL type id of int8/bigint. */
const INT8_OID = 20;

/**
 * pg returns int8 as a string to be safe past 2^53. Our bigint columns hold epoch
 * milliseconds and counters, far below that, so we read them as numbers on both dialects.
 */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (v: string) => Number(v)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export function openSqlite(file: string): SqliteDatabase.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers run beside the one writer (and other processes on the same file).
  if (file !== ':memory:') sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // Wait rather than fail when another connection or process holds the write lock.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return sqlite;
}

/**
 * Create the Kysely instance for the configured store. The caller owns it and must `destroy()` it.
 * Both stores refuse text with a NUL character alike (nul-guard.ts).
 */
export function connectDb(config: DatabaseConfig, opts: { pgSchema?: string } = {}): Db {
  return new Kysely<Database>({ dialect: dialectFor(config, opts) });
}

/** The dialect connectDb uses (tests wrap it to observe the statements the app sends). */
export function dialectFor(config: DatabaseConfig, opts: { pgSchema?: string } = {}): Dialect {
  if (opts.pgSchema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(opts.pgSchema)) {
    throw new Error('pgSchema must be a plain lower-case identifier');
  }
  if (config.kind === 'sqlite') {
    return refuseNulText(new SqliteDialect({ database: withStatementCache(openSqlite(config.file)) }));
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    types: pgTypes,
    // Tests run each suite in its own schema; production uses the default search path.
    ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
  });
  return refuseNulText(new CurrentSchemaPostgresDialect({ pool }));
}

/**
 * Which SQL the database speaks, for the few places that write differently on each (one
 * PostgreSQL statement where SQLite needs a transaction: write-together.ts).
 */
export function sqlDialectOf(db: Db): 'sqlite' | 'postgres' {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}
