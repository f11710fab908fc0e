import type { Kysely } from 'kysely';

/**
 * Mini App task completions (modules/telegram): one row per account, campaign and task, so a
 * task counts once however often the Mini App reports it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('telegram_task_completions')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('campaign_id', 'text', (c) => c.notNull())
    .addColumn('task_id', 'text', (c) => c.notNull())
    .addColumn('telegram_id', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('telegram_task_completions_pk', ['user_id', 'campaign_id', 'task_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('telegram_task_completions').execute();
}
