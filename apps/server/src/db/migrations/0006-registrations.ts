import type { Kysely } from 'kysely';

/**
 * Sign-up flows (modules/registration) and the sign-up channel record of each account.
 *
 * `registrations` is the server-side state machine of spec §4 keyed by `uuid`
 * (docs/flows/registration.md). Codes and link tokens are stored only as hashes. Rows end at
 * `expires_at` and are swept.
 *
 * `signup_channels` keeps the register payload of spec §3 (referral, affiliate, UTM…) beside
 * the account: named columns for what reports filter on, JSON text for the free-form rest.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('registrations')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('site', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('login_name', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('residence_country', 'text')
    .addColumn('residence_subdivision', 'text')
    .addColumn('verify_type', 'text', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text')
    .addColumn('code_expires_at', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('link_token_hash', 'text')
    .addColumn('link_expires_at', 'bigint')
    .addColumn('sends', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_sent_at', 'bigint')
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('channel_json', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  // The one-shot calls find the open flow of an identifier on a site.
  await db.schema
    .createIndex('registrations_login_name')
    .on('registrations')
    .columns(['login_name', 'site', 'mode'])
    .execute();
  await db.schema.createIndex('registrations_expires_at').on('registrations').column('expires_at').execute();

  await db.schema
    .createTable('signup_channels')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('site', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('regist_channel', 'text')
    .addColumn('url', 'text')
    .addColumn('user_code', 'text')
    .addColumn('affiliate_id', 'text')
    .addColumn('oauth_tmp_login_id', 'text')
    .addColumn('ext_json', 'text')
    .addColumn('utm_json', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('signup_channels_affiliate')
    .on('signup_channels')
    .column('affiliate_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('signup_channels').execute();
  await db.schema.dropTable('registrations').execute();
}
