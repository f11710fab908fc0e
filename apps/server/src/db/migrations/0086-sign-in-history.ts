import type { Kysely } from 'kysely';

/**
 * Every sign-in attempt on a known account, as the account page's "sign-in history" lists it (issue
 * 17, docs/flows/sessions.md). A success is written in the same unit as its session (ADR 0021); a
 * failure when it is counted. Rows older than the retention are purged with expired sessions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    // success | wrong_password | wrong_code | locked | refused
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('country', 'text')
    .addColumn('site', 'text')
    .execute();
  // The page reads one account's newest rows; the sweeper deletes by age.
  await db.schema
    .createIndex('sign_in_history_user_at')
    .on('sign_in_history')
    .columns(['user_id', 'at'])
    .execute();
  await db.schema.createIndex('sign_in_history_at').on('sign_in_history').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_history').execute();
}
