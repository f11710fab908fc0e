import type { Kysely } from 'kysely';

/**
 * Passkeys (modules/passkeys, docs/flows/passkeys.md): WebAuthn credentials, one row each, the
 * credential id as the key. `rp_id` is the site host the passkey was made for; a login on another
 * host does not find it. Public keys are public (COSE, base64url): nothing here is secret.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    // The credential id (base64url) the authenticator chose: unique across the deployment.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('rp_id', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    // The authenticator's signature counter: a login must raise it (unless the authenticator keeps none: 0).
    .addColumn('sign_count', 'bigint', (c) => c.notNull())
    // JSON array of transports the browser reported ("internal", "hybrid", …), or null.
    .addColumn('transports', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    // 0/1: backed up (synced by a passkey manager).
    .addColumn('backed_up', 'integer', (c) => c.notNull())
    .addColumn('aaguid', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('passkeys').execute();
}
