import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import { migrations } from './migrations/index.js';

/**
 * A static provider: migrations are bundled with the code, so the build needs no file scanning.
 * On PostgreSQL the bookkeeping tables live in the connection's current schema: connect.ts's
 * dialect limits introspection to it (pg-introspector.ts), so another schema's tables are not ours.
 */
function migrator(db: Kysely<unknown>): Migrator {
  return new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
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
  return check(await migrator(db as Kysely<unknown>).migrateToLatest());
}

/** Undo the most recent migration (development and tests). */
export async function migrateDown<T>(db: Kysely<T>): Promise<string[]> {
  return check(await migrator(db as Kysely<unknown>).migrateDown());
}
