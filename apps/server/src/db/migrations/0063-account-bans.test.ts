import { Migrator } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { pgSchemaOrSkip } from '../../test-support/pg-or-skip.js';
import { TEST_PG_URL } from '../../test-support/postgres.js';
import { connectDb, type Db } from '../connect.js';
import { migrations } from './index.js';

/** An account banned before 0063 (status only) gets an indefinite, self-help record; others none. */
async function backfilled(db: Db, schema: string | null) {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  expect((await migrator.migrateTo('0062-oauth-families')).error).toBeUndefined();
  const user = { email: null, mobile: null, password_hash: null, lang: 'en', site: 'global' };
  const extra = { kyc_level: 0, member_tag_kyc: 0, has_google2fa: 0, residence_country: null };
  await db
    .insertInto('users')
    .values([
      { ...user, ...extra, id: '1000000001', status: 'banned', banned_at: 50, created_at: 1, updated_at: 60 },
      {
        ...user,
        ...extra,
        id: '1000000002',
        status: 'active',
        banned_at: null,
        created_at: 1,
        updated_at: 2,
      },
      {
        ...user,
        ...extra,
        id: '1000000003',
        status: 'banned',
        banned_at: null,
        created_at: 1,
        updated_at: 70,
      },
    ])
    .execute();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const rows = await db.selectFrom('account_bans').selectAll().orderBy('user_id').execute();
  const legacy = { reason: 'recorded before migration 0063', banned_until: null, self_help: 1 };
  expect(rows).toEqual([
    { ...legacy, user_id: '1000000001', banned_at: 50, created_at: 60 },
    { ...legacy, user_id: '1000000003', banned_at: 70, created_at: 70 },
  ]);
}

const pg = await pgSchemaOrSkip('0063-account-bans');
afterAll(async () => {
  await pg?.drop();
});

describe('0063-account-bans', () => {
  it('records the bans of existing banned accounts on SQLite', async () => {
    const db = connectDb({ kind: 'sqlite', file: ':memory:' });
    try {
      await backfilled(db, null);
    } finally {
      await db.destroy();
    }
  });

  it.skipIf(pg === null)('records them on PostgreSQL', async () => {
    if (!pg) return;
    const db = connectDb({ kind: 'postgres', url: TEST_PG_URL }, { pgSchema: pg.schema });
    try {
      await backfilled(db, pg.schema);
    } finally {
      await db.destroy();
    }
  });
});
