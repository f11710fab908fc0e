import { sql } from 'kysely';
import { loadConfig, maskUrl, type AppConfig } from '../src/config/index.js';
import { connectDb, type Db } from '../src/db/connect.js';

/** Print the message and leave with status 2 (bad usage or a refused command). */
export function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

export interface OperatorCli {
  config: AppConfig;
  command: string;
  rest: string[];
  db: Db;
}

/**
 * What every operator script starts with: the configuration (only the database is used, so the
 * server's shared keys are not needed), the command and its arguments, the usage text on `help`, and
 * the database. npm runs workspace scripts in apps/server, so relative paths in DATABASE_URL mean
 * where npm was started.
 */
export function startOperatorCli(usage: string): OperatorCli {
  const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd(), { sharedKeys: false });
  const [command, ...rest] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') {
    console.log(usage);
    process.exit(0);
  }
  return { config, command, rest, db: connectDb(config.database) };
}

/** Fail with a hint instead of an SQL error on a database that was never migrated. */
export async function requireTable(cli: OperatorCli, table: string): Promise<void> {
  try {
    await sql`select 1 from ${sql.table(table)} where 1 = 0`.execute(cli.db);
  } catch {
    fail(
      `${maskUrl(cli.config.databaseUrl)} has no ${table} table: run \`npm run migrate -w apps/server\` (or npm start) first`,
    );
  }
}
