import { sql, type Kysely } from 'kysely';

/** REFRESH_TOKEN_TTL_MS of the token service when this migration was written (30 days). */
const REFRESH_TTL_MS = 30 * 24 * 60 * 60_000;

/**
 * One row per token family (one authorization code and every token it led to). Issuing into a
 * family and revoking it both take this row's lock first, in one transaction with their writes, so
 * a replayed code or a reused refresh token revokes every token of the family, including one whose
 * issuing transaction was still running on another instance (RFC 9700 §4.2.4, §4.14.2).
 * Existing codes and tokens get their family rows here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oauth_families')
    .addColumn('family_id', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('oauth_families_user_client')
    .on('oauth_families')
    .columns(['user_id', 'client_id'])
    .execute();
  await db.schema
    .createIndex('oauth_families_expires_at')
    .on('oauth_families')
    .column('expires_at')
    .execute();
  await sql`
    insert into oauth_families (family_id, client_id, user_id, created_at, expires_at, revoked_at)
    select family_id, min(client_id), min(user_id), min(created_at), max(expires_at), null
    from (
      select family_id, client_id, user_id, created_at, expires_at + ${sql.lit(REFRESH_TTL_MS)} as expires_at
      from oauth_codes
      union all
      select family_id, client_id, user_id, created_at, expires_at from oauth_tokens
    ) as known
    group by family_id
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oauth_families').execute();
}
