import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely';

/**
 * A text parameter with a NUL character, stopped before the database sees it. PostgreSQL refuses
 * such text (SQLSTATE 22021) while SQLite stores it, so without this guard the same request would
 * crash on one store and succeed on the other. Input validation refuses control characters long
 * before this point (docs/adr/0014-refused-input-characters.md); this is the last line for values
 * that come from elsewhere (headers, decoded cookies, signed third-party data).
 *
 * `statusCode` 400 makes it a client error wherever it surfaces: PARAMS_INVALID in the envelope,
 * `invalid_request` on the OAuth endpoints.
 */
export class UnstorableTextError extends Error {
  override name = 'UnstorableTextError';
  readonly statusCode = 400;
  readonly code = 'GH_UNSTORABLE_TEXT';
  constructor() {
    super('text with a NUL character cannot be stored');
  }
}

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  return false;
}

function assertStorable(query: CompiledQuery): void {
  if (query.parameters.some(hasNul)) throw new UnstorableTextError();
}

/** The connection the guarded driver hands out: checks parameters, then runs on the real one. */
class GuardedConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    assertStorable(query);
    return this.inner.executeQuery<R>(query);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    assertStorable(query);
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

const innerOf = (connection: DatabaseConnection) =>
  connection instanceof GuardedConnection ? connection.inner : connection;

function guardDriver(driver: Driver): Driver {
  const guarded: Driver = {
    init: () => driver.init(),
    acquireConnection: async () => new GuardedConnection(await driver.acquireConnection()),
    beginTransaction: (c, settings) => driver.beginTransaction(innerOf(c), settings),
    commitTransaction: (c) => driver.commitTransaction(innerOf(c)),
    rollbackTransaction: (c) => driver.rollbackTransaction(innerOf(c)),
    releaseConnection: (c) => driver.releaseConnection(innerOf(c)),
    destroy: () => driver.destroy(),
  };
  // Optional in Kysely's interface: offer them only when the real driver has them.
  const { savepoint, rollbackToSavepoint, releaseSavepoint } = driver;
  if (savepoint) guarded.savepoint = (c, name, compile) => savepoint.call(driver, innerOf(c), name, compile);
  if (rollbackToSavepoint)
    guarded.rollbackToSavepoint = (c, name, compile) =>
      rollbackToSavepoint.call(driver, innerOf(c), name, compile);
  if (releaseSavepoint)
    guarded.releaseSavepoint = (c, name, compile) => releaseSavepoint.call(driver, innerOf(c), name, compile);
  return guarded;
}

/** `dialect` with every query's parameters checked for NUL characters first, on every store alike. */
export function refuseNulText(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => guardDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
