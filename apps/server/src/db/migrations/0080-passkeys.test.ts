import { Migrator } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { pgSchemaOrSkip } from '../../test-support/pg-or-skip.js';
import { TEST_PG_URL } from '../../test-support/postgres.js';
import { connectDb, type Db } from '../connect.js';
import { migrations } from './index.js';

/** 0080: one row per credential id (the primary key refuses the same credential twice); down and up again. */
async function migrated(db: Db, schema: string | null) {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const row = {
    id: 'cred-1',
    user_id: '1000000001',
    rp_id: 'localhost',
    public_key: 'pk',
    sign_count: 3,
    transports: '["internal"]',
    name: 'Phone',
    backed_up: 1,
    aaguid: '00000000-0000-0000-0000-000000000000',
    created_at: 10,
    last_used_at: null,
  };
  await db.insertInto('passkeys').values(row).execute();
  await expect(
    db
      .insertInto('passkeys')
      .values({ ...row, user_id: '1000000002' })
      .execute(),
  ).rejects.toThrow();
  expect(await db.selectFrom('passkeys').selectAll().execute()).toEqual([row]);
  expect((await migrator.migrateTo('0064-two-factor')).error).toBeUndefined();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(await db.selectFrom('passkeys').selectAll().execute()).toEqual([]);
}

const pg = await pgSchemaOrSkip('0080-passkeys');
afterAll(async () => {
  await pg?.drop();
});

describe('0080-passkeys', () => {
  it('keeps one row per credential on SQLite', async () => {
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
