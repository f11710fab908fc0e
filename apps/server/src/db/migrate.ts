import { Migrator, PostgresAdapter, sql, type Kysely, type MigrationResultSet } from 'kysely';
import { migrations } from './migrations/index.js';

/**
 * On PostgreSQL, Kysely looks for its bookkeeping tables (kysely_migration, _lock) in every schema
 * and takes another schema's for its own unless told which one to use: with two schemas in one
 * database (parallel test runs, another app) it then reads a lock table that is not on its search
 * path and fails. Pin them to the schema the connection works in.
 */
async function bookkeepingSchema(db: Kysely<unknown>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

/** A static provider: migrations are bundled with the code, so the build needs no file scanning. */
async function migrator(db: Kysely<unknown>): Promise<Migrator> {
  const schema = await bookkeepingSchema(db);
  return new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
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
