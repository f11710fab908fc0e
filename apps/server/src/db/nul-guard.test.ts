import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import { buildApp } from '../app.js';
import { testConfig } from '../test-support/test-app.js';
import { freshPgSchema, TEST_PG_URL } from '../test-support/postgres.js';
import { connectDb, type Db } from './connect.js';
import { migrateToLatest } from './migrate.js';
import { UnstorableTextError } from './nul-guard.js';

const pg = await freshPgSchema();
const dialects: [string, () => Db][] = [['SQLite', () => connectDb({ kind: 'sqlite', file: ':memory:' })]];
if ('schema' in pg) {
  dialects.push([
    'PostgreSQL',
    () => connectDb({ kind: 'postgres', url: TEST_PG_URL }, { pgSchema: pg.schema }),
  ]);
} else if (process.env.CI === 'true') {
  throw new Error(`nul-guard needs PostgreSQL under CI=true: ${pg.skip}`);
} else {
  console.warn(`[nul-guard.test] skipping PostgreSQL: ${pg.skip}`);
}
afterAll(async () => {
  if ('drop' in pg) await pg.drop();
});

describe.each(dialects)('text with a NUL character on %s', (_name, open) => {
  let db: Db;
  beforeAll(async () => {
    db = open();
    await migrateToLatest(db);
  });
  afterAll(() => db.destroy());

  const row = (name: string) => ({ name, value: '{}', updated_at: 1 });

  it('is refused before the database sees it, the same on both stores (PostgreSQL would throw 22021)', async () => {
    await expect(db.insertInto('web_config').values(row('a\u0000b')).execute()).rejects.toBeInstanceOf(
      UnstorableTextError,
    );
    await expect(
      db.selectFrom('web_config').selectAll().where('name', '=', '\u0000').execute(),
    ).rejects.toThrow(UnstorableTextError);
    await expect(sql`select ${'x\u0000'} as v`.execute(db)).rejects.toThrow(UnstorableTextError);
  });

  it('lets every other text through, and transactions and savepoints still work', async () => {
    const trx = await db.startTransaction().execute();
    await trx.insertInto('web_config').values(row('tx-ok ✓ \u0085 😀')).execute();
    const sp = await trx.savepoint('sp').execute();
    await expect(sp.insertInto('web_config').values(row('\u0000')).execute()).rejects.toThrow(
      UnstorableTextError,
    );
    await sp.rollbackToSavepoint('sp').execute();
    await trx.commit().execute();
    const names = (await db.selectFrom('web_config').select('name').execute()).map((r) => r.name);
    expect(names).toContain('tx-ok ✓ \u0085 😀');
  });
});

describe('a NUL that reaches the store through a request', () => {
  it('answers PARAMS_INVALID, not 500 (headers stored with devices, say)', async () => {
    const app = buildApp(testConfig());
    try {
      app.get('/x-api/probe', async () => {
        await app.db.selectFrom('users').selectAll().where('email', '=', 'a\u0000').execute();
        return {};
      });
      await app.ready();
      const res = await app.inject({ url: '/x-api/probe' });
      expect(res.statusCode).toBe(400);
      expect(res.json().ret_code).toBe(RetCode.ParamsInvalid);
    } finally {
      await app.close();
    }
  });
});
