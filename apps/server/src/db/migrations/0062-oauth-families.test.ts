import { Migrator } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { pgSchemaOrSkip } from '../../test-support/pg-or-skip.js';
import { TEST_PG_URL } from '../../test-support/postgres.js';
import { connectDb, type Db } from '../connect.js';
import { migrations } from './index.js';

/** A store with OAuth codes and tokens from before 0062 gets a family row for each family. */
async function backfilled(db: Db, schema: string | null) {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  expect((await migrator.migrateTo('0043-oauth-tokens')).error).toBeUndefined();
  const base = { client_id: 'c', user_id: 'u', scopes: '[]', created_at: 1 };
  await db
    .insertInto('oauth_codes')
    .values({
      ...base,
      code_hash: 'h1',
      family_id: 'f1',
      redirect_uri: 'r',
      code_challenge: 'x',
      issuer: 'i',
      expires_at: 100,
      used_at: 5,
    })
    .execute();
  const token = { ...base, used_at: null, revoked_at: null };
  await db
    .insertInto('oauth_tokens')
    .values([
      { ...token, token_hash: 't1', kind: 'refresh', family_id: 'f1', expires_at: 999_999_999_999 },
      { ...token, token_hash: 't2', kind: 'access', family_id: 'f2', created_at: 3, expires_at: 50 },
    ])
    .execute();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(await db.selectFrom('oauth_families').selectAll().orderBy('family_id').execute()).toEqual([
    // The code's family is kept until the later of its replay window and its last token.
    {
      family_id: 'f1',
      client_id: 'c',
      user_id: 'u',
      created_at: 1,
      expires_at: 999_999_999_999,
      revoked_at: null,
    },
    { family_id: 'f2', client_id: 'c', user_id: 'u', created_at: 3, expires_at: 50, revoked_at: null },
  ]);
}

const pg = await pgSchemaOrSkip('0062-oauth-families');
afterAll(async () => {
  await pg?.drop();
});

describe('0062-oauth-families', () => {
  it('backfills the families of existing codes and tokens on SQLite', async () => {
    const db = connectDb({ kind: 'sqlite', file: ':memory:' });
    try {
      await backfilled(db, null);
    } finally {
      await db.destroy();
    }
  });

  it.skipIf(pg === null)('backfills them on PostgreSQL', async () => {
    if (!pg) return;
    const db = connectDb({ kind: 'postgres', url: TEST_PG_URL }, { pgSchema: pg.schema });
    try {
      await backfilled(db, pg.schema);
    } finally {
      await db.destroy();
    }
  });
});
