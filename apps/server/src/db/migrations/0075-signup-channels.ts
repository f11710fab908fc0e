import type { Kysely } from 'kysely';

/**
 * Sign-up channels (issue 14, modules/channels, docs/flows/channels.md):
 * - `referral_codes`: every account's own invite code (one per account, unique, case-insensitive as
 *   stored upper-case). Accounts created before this migration get theirs when first asked.
 * - `channel_partners`: the affiliates and brokers an operator manages (`npm run channels`).
 * - `signup_attributions`: who or what brought each account, decided once when it was created; a
 *   code that matched nothing is kept as given with `code_known` 0.
 * - `signup_channels` gains the two ext_json fields reports filter on as columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('referral_codes')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('channel_partners')
    // `affiliate` (numeric id, spec §5) or `broker`.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('headimg', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('signature', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    // JSON list of {id?, content, type}; the API answers types 0 and 1 only.
    .addColumn('group_info', 'text', (c) => c.notNull().defaultTo('[]'))
    // 1: the affiliate chose anonymity, the sign-up page shows no card.
    .addColumn('anonymous', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('channel_partners_pk', ['kind', 'id'])
    .execute();
  await db.schema
    .createTable('signup_attributions')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    // CODE_SCENE: 0 normal, 1 affiliate, 2 referral, 3 broker.
    .addColumn('scene', 'integer', (c) => c.notNull())
    // The code as the sign-up carried it (ref, affiliate_id or brokerId), or null for none.
    .addColumn('code', 'text')
    .addColumn('code_known', 'integer', (c) => c.notNull())
    .addColumn('inviter_user_id', 'text')
    .addColumn('affiliate_id', 'text')
    .addColumn('group_id', 'text')
    .addColumn('group_type', 'text')
    .addColumn('broker_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('signup_attributions_inviter')
    .on('signup_attributions')
    .column('inviter_user_id')
    .execute();
  await db.schema.alterTable('signup_channels').addColumn('tg_source', 'text').execute();
  await db.schema.alterTable('signup_channels').addColumn('is_manual_input', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('signup_channels').dropColumn('is_manual_input').execute();
  await db.schema.alterTable('signup_channels').dropColumn('tg_source').execute();
  await db.schema.dropTable('signup_attributions').execute();
  await db.schema.dropTable('channel_partners').execute();
  await db.schema.dropTable('referral_codes').execute();
}
