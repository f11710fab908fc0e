import type { Kysely } from 'kysely';

/**
 * A sign-up flow belongs to the browser that started it (docs/flows/registration.md, "Bound to
 * the browser"; ADR 0012): `binding_hash` is the SHA-256 (hex) of the secret in that browser's
 * HttpOnly cookie. Rows from before this migration have none and are refused by every step that
 * needs the binding; they expire within 30 minutes anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('registrations').addColumn('binding_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('registrations').dropColumn('binding_hash').execute();
}
