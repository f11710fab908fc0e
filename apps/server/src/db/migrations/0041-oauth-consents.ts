import type { Kysely } from 'kysely';

/**
 * What each user granted each client: the union of accepted scope sets. A later request within
 * it skips the consent screen; the account page lists and revokes these rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oauth_consents')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('granted_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('oauth_consents_pk', ['user_id', 'client_id'])
    .execute();
  // Removing a client deletes its consents.
  await db.schema.createIndex('oauth_consents_client_id').on('oauth_consents').column('client_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oauth_consents').execute();
}
