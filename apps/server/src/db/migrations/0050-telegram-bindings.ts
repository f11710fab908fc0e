import type { Kysely } from 'kysely';

/**
 * Telegram ↔ account bindings (modules/telegram). One Telegram account binds to one exchange
 * account at a time and the other way round: both columns are unique, so two concurrent binds
 * of either side yield exactly one row. The display fields are refreshed at each Telegram login.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('telegram_bindings')
    .addColumn('telegram_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text')
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text')
    .addColumn('photo_url', 'text')
    .addColumn('allow_bot_messages', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bound_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('telegram_bindings').execute();
}
