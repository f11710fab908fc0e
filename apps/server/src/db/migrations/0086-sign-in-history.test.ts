import { Migrator } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { pgSchemaOrSkip } from '../../test-support/pg-or-skip.js';
import { TEST_PG_URL } from '../../test-support/postgres.js';
import { connectDb, type Db } from '../connect.js';
import { migrations } from './index.js';

/**
 * 0085 adds site, country and method to sessions (null for older rows); 0086 the sign-in history.
 * Both go down and up again cleanly.
 */
async function migrated(db: Db, schema: string | null) {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  expect((await migrator.migrateTo('0064-two-factor')).error).toBeUndefined();
  const session = { user_id: 'u1', created_at: 1, last_seen_at: 1, expires_at: 9, idle_timeout_ms: 5 };
  await db
    .insertInto('sessions')
    .values({ ...session, id: 'old', user_agent: null, ip: null, revoked_at: null } as never)
    .execute();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(await db.selectFrom('sessions').select(['id', 'site', 'country', 'method']).execute()).toEqual([
    { id: 'old', site: null, country: null, method: null },
  ]);
  await db
    .insertInto('sign_in_history')
    .values({
      id: 'h1',
      user_id: 'u1',
      at: 5,
      result: 'success',
      method: 'password',
      ip: null,
      user_agent: null,
      country: null,
      site: 'global',
    })
    .execute();
  expect((await migrator.migrateTo('0064-two-factor')).error).toBeUndefined();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(await db.selectFrom('sign_in_history').selectAll().execute()).toEqual([]);
}

const pg = await pgSchemaOrSkip('0086-sign-in-history');
afterAll(async () => {
  await pg?.drop();
});

describe('0085-session-details and 0086-sign-in-history', () => {
  it('migrate up and down on SQLite', async () => {
    const db = connectDb({ kind: 'sqlite', file: ':memory:' });
    try {
      await migrated(db, null);
    } finally {
      await db.destroy();
    }
  });

  it.skipIf(pg === null)('and on PostgreSQL', async () => {
    if (!pg) return;
    const db = connectDb({ kind: 'postgres', url: TEST_PG_URL }, { pgSchema: pg.schema });
    try {
      await migrated(db, pg.schema);
    } finally {
      await db.destroy();
    }
  });
});
