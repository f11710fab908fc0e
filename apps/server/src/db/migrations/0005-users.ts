import type { Kysely } from 'kysely';

/**
 * Accounts (modules/accounts). E-mail and mobile are each unique: the unique indexes, not a
 * prior SELECT, are what keeps two concurrent sign-ups of one address from both succeeding.
 * NULLs do not collide in a unique index on SQLite or PostgreSQL, so a mobile-only account
 * leaves `email` null. Times are epoch milliseconds; booleans 0/1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text')
    .addColumn('mobile', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('banned_at', 'bigint')
    .addColumn('kyc_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('member_tag_kyc', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_google2fa', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('site', 'text', (c) => c.notNull())
    .addColumn('residence_country', 'text')
    .addColumn('pass_err_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_email_unique').on('users').column('email').unique().execute();
  await db.schema.createIndex('users_mobile_unique').on('users').column('mobile').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('users').execute();
}
