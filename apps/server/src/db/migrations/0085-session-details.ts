import type { Kysely } from 'kysely';

/**
 * What the account page's "active sessions" shows beyond the user agent (issue 17,
 * docs/flows/sessions.md): the regional site signed in to, the country the trusted proxy named at
 * sign-in (risk/client-country.ts), and how the session was started. All nullable: sessions made
 * before this migration have none of them and show "unknown".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('site', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('country', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('method', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('method').execute();
  await db.schema.alterTable('sessions').dropColumn('country').execute();
  await db.schema.alterTable('sessions').dropColumn('site').execute();
}
