import { Migrator, PostgresAdapter, sql, type Kysely, type MigrationResultSet } from 'kysely';
import { migrations } from './migrations/index.js';

/**
 * On PostgreSQL, the schema this connection works in (its search_path). Kysely's migrator otherwise
 * looks for its bookkeeping tables in every schema of the database and, finding another schema's
 * (a second app or test run sharing the database), skips creating its own.
 */
async function currentPgSchema(db: Kysely<unknown>): Promise<string | null> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return null;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? null;
}

/** A static provider: migrations are bundled with the code, so the build needs no file scanning. */
async function migrator(db: Kysely<unknown>): Promise<Migrator> {
  const schema = await currentPgSchema(db);
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
