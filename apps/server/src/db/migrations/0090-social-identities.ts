import type { Kysely } from 'kysely';

/**
 * Google and Apple identities bound to accounts (modules/social-login). An identity is the pair
 * (provider, subject): the provider's stable `sub`, never the e-mail, which can change hands.
 * One identity binds to one account, and an account has at most one identity per provider: both
 * are unique keys, so two concurrent binds of either side yield exactly one row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('social_identities')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('display_name', 'text')
    .addColumn('bound_at', 'bigint', (c) => c.notNull())
    .addColumn('last_login_at', 'bigint')
    .addPrimaryKeyConstraint('social_identities_pk', ['provider', 'subject'])
    .addUniqueConstraint('social_identities_user_provider', ['user_id', 'provider'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('social_identities').execute();
}
