import { Migrator } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { pgSchemaOrSkip } from '../../test-support/pg-or-skip.js';
import { TEST_PG_URL } from '../../test-support/postgres.js';
import { connectDb, type Db } from '../connect.js';
import { migrations } from './index.js';

/**
 * A flag set before 0064 has no secret behind it: cleared, so the account is not locked out. The
 * new tables then hold a bound authenticator and its codes, one row per code and account.
 */
async function migrated(db: Db, schema: string | null) {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  expect((await migrator.migrateTo('0063-account-bans')).error).toBeUndefined();
  const user = { email: null, mobile: null, password_hash: null, lang: 'en', site: 'global' };
  const extra = { kyc_level: 0, member_tag_kyc: 0, residence_country: null, status: 'active' as const };
  const times = { banned_at: null, created_at: 1, updated_at: 2 };
  await db
    .insertInto('users')
    .values([
      { ...user, ...extra, ...times, id: '1000000001', has_google2fa: 1 },
      { ...user, ...extra, ...times, id: '1000000002', has_google2fa: 0 },
    ])
    .execute();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const flags = await db.selectFrom('users').select(['id', 'has_google2fa']).orderBy('id').execute();
  expect(flags.map((f) => Number(f.has_google2fa))).toEqual([0, 0]);

  await db
    .insertInto('two_factor_totp')
    .values({
      user_id: '1000000001',
      secret_enc: 'v1.x.y.z',
      enabled_at: 10,
      last_step: null,
      unbind_requested_at: null,
      unbind_effective_at: null,
    })
    .execute();
  await db
    .insertInto('two_factor_backup_codes')
    .values({ user_id: '1000000001', code_hash: 'h1', created_at: 10, used_at: null })
    .execute();
  // One row per account and code: the same hash twice is refused by the primary key.
  await expect(
    db
      .insertInto('two_factor_backup_codes')
      .values({ user_id: '1000000001', code_hash: 'h1', created_at: 11, used_at: null })
      .execute(),
  ).rejects.toThrow();
  const row = await db.selectFrom('two_factor_totp').selectAll().executeTakeFirstOrThrow();
  expect(row).toMatchObject({ user_id: '1000000001', enabled_at: 10, last_step: null });

  // Down past 0064 (whatever came after it goes too) and up again: the tables start empty.
  expect((await migrator.migrateTo('0063-account-bans')).error).toBeUndefined();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(await db.selectFrom('two_factor_totp').selectAll().execute()).toEqual([]);
}

const pg = await pgSchemaOrSkip('0064-two-factor');
afterAll(async () => {
  await pg?.drop();
});

describe('0064-two-factor', () => {
  it('clears flags without a secret and keeps one authenticator per account on SQLite', async () => {
    const db = connectDb({ kind: 'sqlite', file: ':memory:' });
    try {
      await migrated(db, null);
    } finally {
      await db.destroy();
    }
  });

  it.skipIf(pg === null)('does the same on PostgreSQL', async () => {
    if (!pg) return;
    const db = connectDb({ kind: 'postgres', url: TEST_PG_URL }, { pgSchema: pg.schema });
    try {
      await migrated(db, pg.schema);
    } finally {
      await db.destroy();
    }
  });
});
