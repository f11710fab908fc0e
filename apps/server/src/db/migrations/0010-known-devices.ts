import type { Kysely } from 'kysely';

/**
 * Devices an account has logged in from (modules/login). A login from a device (Guid header)
 * not listed here needs a code sent to the account's e-mail or mobile first. One row per
 * account and device; times are epoch milliseconds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('known_devices')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('guid', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addPrimaryKeyConstraint('known_devices_pk', ['user_id', 'guid'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('known_devices').execute();
}
