import { Kysely, type CompiledQuery, type DatabaseConnection, type Dialect, type Driver } from 'kysely';
import type { App } from '../app.js';
import type { AppConfig } from '../config/index.js';
import { dialectFor, type Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import type { KvStore } from '../plugins/kv.js';

/**
 * Counts what an app asks of its stores (bench:api's "store round trips per login", ADR 0021): every
 * SQL statement the database receives, transaction control included (on PostgreSQL each is a
 * network round trip; on SQLite each is a call into the engine), and every call on a Redis-backed
 * `app.kv` (each is one round trip: one command, one MULTI or one script). On SQLite and PostgreSQL
 * without Redis the kv lives in the database and is counted there.
 */
export interface StoreCounter {
  sql: string[];
  kv: string[];
  reset(): void;
  /**
   * Round trips (SQL statements, transaction control included, plus Redis calls) and, for SQLite,
   * commits: a write outside a transaction commits by itself, a transaction once.
   */
  summary(): { roundTrips: number; commits: number };
}

/** A database for `buildApp(config, { db })` whose statements land in `counter.sql`. */
export function countingDb(config: AppConfig, counter: StoreCounter): Db {
  return new Kysely<Database>({ dialect: counting(dialectFor(config.database), counter) });
}

export function newStoreCounter(): StoreCounter {
  const counter: StoreCounter = {
    sql: [],
    kv: [],
    reset() {
      counter.sql.length = 0;
      counter.kv.length = 0;
    },
    summary() {
      let commits = 0;
      let inTransaction = false;
      for (const statement of counter.sql) {
        if (/^begin\b/.test(statement)) inTransaction = true;
        else if (statement === 'commit' || statement === 'rollback') {
          inTransaction = false;
          commits += statement === 'commit' ? 1 : 0;
        } else if (!inTransaction && /^\s*(with|insert|update|delete)\b/i.test(statement)) commits++;
      }
      return { roundTrips: counter.sql.length + counter.kv.length, commits };
    },
  };
  return counter;
}

const KV_METHODS = ['get', 'set', 'add', 'take', 'takeIf', 'incr', 'decr', 'del', 'batch'] as const;

/** Count the calls on the app's kv when it is Redis (a SQL kv is counted by countingDb already). */
export function countKvCalls(app: App, counter: StoreCounter): void {
  if (!app.redis) return;
  const kv = app.kv as unknown as Record<string, (...args: unknown[]) => unknown>;
  let depth = 0;
  for (const name of KV_METHODS satisfies readonly (keyof KvStore)[]) {
    const original = kv[name]?.bind(app.kv);
    if (!original) continue;
    // Own properties shadow the class's methods; the services hold this same object.
    kv[name] = (...args: unknown[]) => {
      // A method built on another counts once, as the one round trip it is.
      if (depth === 0) counter.kv.push(name === 'batch' ? `batch(${(args[0] as unknown[]).length})` : name);
      depth++;
      try {
        return original(...args);
      } finally {
        depth--;
      }
    };
  }
}

function counting(dialect: Dialect, counter: StoreCounter): Dialect {
  const countingConnection = (inner: DatabaseConnection): DatabaseConnection => ({
    executeQuery<R>(query: CompiledQuery) {
      counter.sql.push(query.sql);
      return inner.executeQuery<R>(query);
    },
    streamQuery<R>(query: CompiledQuery, chunkSize?: number) {
      counter.sql.push(query.sql);
      return inner.streamQuery<R>(query, chunkSize);
    },
  });
  const wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const inner = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const innerOf = (c: DatabaseConnection) => inner.get(c) ?? c;
  const countDriver = (driver: Driver): Driver => ({
    init: () => driver.init(),
    async acquireConnection() {
      const connection = await driver.acquireConnection();
      let outer = wrapped.get(connection);
      if (!outer) {
        outer = countingConnection(connection);
        wrapped.set(connection, outer);
        inner.set(outer, connection);
      }
      return outer;
    },
    beginTransaction: (c, settings) => {
      counter.sql.push('begin');
      return driver.beginTransaction(innerOf(c), settings);
    },
    commitTransaction: (c) => {
      counter.sql.push('commit');
      return driver.commitTransaction(innerOf(c));
    },
    rollbackTransaction: (c) => {
      counter.sql.push('rollback');
      return driver.rollbackTransaction(innerOf(c));
    },
    releaseConnection: (c) => driver.releaseConnection(innerOf(c)),
    destroy: () => driver.destroy(),
  });
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => countDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
