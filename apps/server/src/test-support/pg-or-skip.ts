import { freshPgSchema } from './postgres.js';

/**
 * A fresh PostgreSQL schema for a suite, or null when PostgreSQL is unreachable: then the suite is
 * skipped with the reason printed, except under CI=true, where the missing service fails the run
 * (a skipped concurrency test proves nothing).
 */
export async function pgSchemaOrSkip(
  suite: string,
): Promise<{ schema: string; drop: () => Promise<void> } | null> {
  const pg = await freshPgSchema();
  if ('schema' in pg) return pg;
  if (process.env.CI === 'true') throw new Error(`[${suite}] PostgreSQL is required under CI: ${pg.skip}`);
  console.warn(`[${suite}] skipping the PostgreSQL tests: ${pg.skip}`);
  return null;
}
