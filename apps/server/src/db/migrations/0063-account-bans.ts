import { sql, type Kysely } from 'kysely';

/**
 * Bans as records (modules/bans, docs/flows/ban.md): why, until when (null: indefinite) and whether
 * the user may lift it on /self-unblock. `users.status` / `users.banned_at` stay and mirror the
 * record, so account reads that only need the status keep working. Accounts banned before this
 * migration (status only) get an indefinite record that allows self-help, which is how the server
 * treated them until now (ban/einfo answered `is_self_help_baned: true` for every ban).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_bans')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('banned_at', 'bigint', (c) => c.notNull())
    .addColumn('banned_until', 'bigint')
    .addColumn('self_help', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`
    insert into account_bans (user_id, reason, banned_at, banned_until, self_help, created_at)
    select id, 'recorded before migration 0063', coalesce(banned_at, updated_at), null, 1, updated_at
    from users
    where status = 'banned'
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_bans').execute();
}
