import type { Kysely } from 'kysely';

/**
 * Password lockout moved from two columns on `users` to per-source counters in the shared kv
 * store (modules/password/password-attempts.ts): a count on the account row let anyone lock the
 * owner out, and a read-then-verify check let parallel guesses overshoot it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('pass_err_count').execute();
  await db.schema.alterTable('users').dropColumn('locked_until').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('pass_err_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('locked_until', 'bigint').execute();
}
