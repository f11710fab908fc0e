import type { Kysely } from 'kysely';

/**
 * The country of an account's identity verification (KYC), set with its level by the KYC service's
 * internal call or the operator CLI (modules/compliance, docs/flows/compliance.md). Null until
 * verified. It decides the site jump after login and get-rc-config's `home_site`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('kyc_country', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('kyc_country').execute();
}
