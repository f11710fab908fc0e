import type { Kysely } from 'kysely';

/**
 * Opaque access and refresh tokens, stored as SHA-256 only. Every token of one authorization
 * (one code and its refresh rotations) shares a family_id, so a replayed code or a reused refresh
 * token revokes them all at once (RFC 9700 §4.14.2).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oauth_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('oauth_tokens_family_id').on('oauth_tokens').column('family_id').execute();
  await db.schema
    .createIndex('oauth_tokens_user_client')
    .on('oauth_tokens')
    .columns(['user_id', 'client_id'])
    .execute();
  await db.schema.createIndex('oauth_tokens_expires_at').on('oauth_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oauth_tokens').execute();
}
