import type { Kysely } from 'kysely';

/**
 * The trading environment each account last switched to (modules/trade): the web calls
 * `POST /user/private/trade/switch {env: 1}` after a demo-account login. One row per account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trade_env')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('env', 'integer', (c) => c.notNull())
    .addColumn('switched_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('trade_env').execute();
}
