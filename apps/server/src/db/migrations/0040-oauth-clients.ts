import type { Kysely } from 'kysely';

/**
 * Registered OAuth clients (modules/oauth; `npm run oauth:client`). Confidential clients keep a
 * SHA-256 of their 256-bit secret (docs/adr/0008-oauth-tokens.md); public clients have none and
 * must use PKCE like everyone else. URI lists and scopes are JSON arrays of exact strings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oauth_clients')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('secret_hash', 'text')
    .addColumn('is_public', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('logo_url', 'text')
    .addColumn('redirect_uris', 'text', (c) => c.notNull())
    .addColumn('post_logout_redirect_uris', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oauth_clients').execute();
}
