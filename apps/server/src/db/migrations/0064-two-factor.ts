import { sql, type Kysely } from 'kysely';

/**
 * Authenticator (TOTP) two-factor authentication (modules/two-factor, docs/flows/two-factor.md):
 * one row per account that has an authenticator bound, and its backup codes. `users.has_google2fa`
 * stays and mirrors "has a row here", written in the same transaction.
 *
 * Before this migration nothing could bind an authenticator, so a set flag (written by hand or by an
 * import) has no secret behind it and would now lock the account out at its next login: cleared.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('two_factor_totp')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    // AES-256-GCM under a key derived from TWO_FACTOR_KEY (two-factor-key.ts); never the plain secret.
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('enabled_at', 'bigint', (c) => c.notNull())
    // The newest time step a code was accepted for: a code is good once (compare-and-set).
    .addColumn('last_step', 'bigint')
    // Lost device: the e-mailed removal, and when it takes effect (checked on the next read).
    .addColumn('unbind_requested_at', 'bigint')
    .addColumn('unbind_effective_at', 'bigint')
    .execute();
  await db.schema
    .createTable('two_factor_backup_codes')
    .addColumn('user_id', 'text', (c) => c.notNull())
    // HMAC-SHA-256 of the normalised code under a key derived from TWO_FACTOR_KEY (ADR 0020).
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addPrimaryKeyConstraint('two_factor_backup_codes_pk', ['user_id', 'code_hash'])
    .execute();
  await sql`update users set has_google2fa = 0 where has_google2fa <> 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('two_factor_backup_codes').execute();
  await db.schema.dropTable('two_factor_totp').execute();
}
