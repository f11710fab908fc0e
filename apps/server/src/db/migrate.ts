import { Migrator, PostgresAdapter, sql, type Kysely, type MigrationResultSet } from 'kysely';
import { migrations } from './migrations/index.js';

/**
 * A static provider: migrations are bundled with the code, so the build needs no file scanning.
 * On PostgreSQL the bookkeeping tables live in the connection's current schema: Kysely otherwise
 * looks for them in every schema, and a second schema in the same database (another deployment,
 * a parallel test run) makes it skip creating its own and fail.
 */
async function migrator(db: Kysely<unknown>): Promise<Migrator> {
  const provider = { getMigrations: () => Promise.resolve(migrations) };
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return new Migrator({ db, provider });
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  return new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
}

function check(result: MigrationResultSet): string[] {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed`, { cause: result.error });
  }
  return (result.results ?? []).map((r) => r.migrationName);
}

/** Bring the schema up to date; returns the names of the migrations that ran. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  return check(await (await migrator(db as Kysely<unknown>)).migrateToLatest());
}

/** Undo the most recent migration (development and tests). */
export async function migrateDown<T>(db: Kysely<T>): Promise<string[]> {
  return check(await (await migrator(db as Kysely<unknown>)).migrateDown());
}
