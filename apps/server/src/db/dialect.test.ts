import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPgSchema, TEST_PG_URL } from '../test-support/postgres.js';
import { SqlKv } from '../plugins/kv/sql-kv.js';
import { connectDb, type Db } from './connect.js';
import { migrateDown, migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';
import { seed } from './seed.js';

const setup = await freshPgSchema();
if ('skip' in setup) console.warn(`[dialect.test] skipping PostgreSQL tests: ${setup.skip}`);

describe.skipIf('skip' in setup)('migrations on PostgreSQL', () => {
  let db: Db;
  beforeAll(() => {
    if ('skip' in setup) return;
    db = connectDb({ kind: 'postgres', url: TEST_PG_URL }, { pgSchema: setup.schema });
  });
  afterAll(async () => {
    await db?.destroy();
    if (!('skip' in setup)) await setup.drop();
  });

  it('runs every migration in a fresh schema, and down and up again', async () => {
    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
    const tables = await db.introspection.getTables();
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['web_config', 'kv_entries']));
    const last = Object.keys(migrations).at(-1);
    expect(await migrateDown(db)).toEqual([last]);
    expect(await migrateToLatest(db)).toEqual([last]);
  });

  it('migrates a second schema of the same database (parallel runs), bookkeeping tables apart', async () => {
    // The first test migrated `setup.schema`; Kysely must not take its lock table for this one's.
    const other = await freshPgSchema();
    if ('skip' in other) throw new Error(other.skip);
    const second = connectDb({ kind: 'postgres', url: TEST_PG_URL }, { pgSchema: other.schema });
    try {
      expect(await migrateToLatest(second)).toEqual(Object.keys(migrations));
      const tables = await second.introspection.getTables({ withInternalKyselyTables: true });
      const own = tables.filter((t) => t.schema === other.schema).map((t) => t.name);
      expect(own).toEqual(expect.arrayContaining(['kysely_migration', 'kysely_migration_lock']));
    } finally {
      await second.destroy();
      await other.drop();
    }
  });

  it('reads bigint epoch milliseconds back as numbers', async () => {
    const now = 1_893_456_000_123;
    await db.insertInto('web_config').values({ name: 'pg-x', value: '{}', updated_at: now }).execute();
    const row = await db
      .selectFrom('web_config')
      .selectAll()
      .where('name', '=', 'pg-x')
      .executeTakeFirstOrThrow();
    expect(row.updated_at).toBe(now);
    const schema = await sql<{ s: string }>`select current_schema() as s`.execute(db);
    expect(schema.rows[0]?.s).toMatch(/^t_/);
  });

  it('migrates a second schema of the same database, and sees only its own tables', async () => {
    // Kysely's own introspector lists every schema: it found the first schema's kysely_migration
    // and skipped creating this one's (connect.ts uses CurrentSchemaPostgresDialect instead).
    const second = await freshPgSchema();
    if ('skip' in second) throw new Error(second.skip);
    const other = connectDb({ kind: 'postgres', url: TEST_PG_URL }, { pgSchema: second.schema });
    try {
      expect(await migrateToLatest(other)).toEqual(Object.keys(migrations));
      const tables = await other.introspection.getTables({ withInternalKyselyTables: true });
      expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([second.schema]));
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['kysely_migration', 'web_config']));
      expect((await other.introspection.getTables()).map((t) => t.name)).not.toContain('kysely_migration');
    } finally {
      await other.destroy();
      await second.drop();
    }
  });

  it('seeds idempotently', async () => {
    const first = await seed(db);
    expect(first.length).toBeGreaterThan(0);
    expect(await seed(db)).toEqual([]);
  });

  it('runs the SQL key/value store', async () => {
    let now = 1_000_000;
    const kv = new SqlKv(db, { now: () => now, sweepEveryMs: false });
    expect(await kv.incr('pg-c', 1000)).toBe(1);
    expect(
      await Promise.all([kv.incr('pg-c', 1000), kv.incr('pg-c', 1000), kv.incr('pg-c', 1000)]),
    ).toHaveLength(3);
    expect(await kv.get('pg-c')).toBe('4');
    expect(await kv.add('pg-a', 'x', 500)).toBe(true);
    expect(await kv.add('pg-a', 'y', 500)).toBe(false);
    now += 1000;
    expect(await kv.incr('pg-c', 1000)).toBe(1);
    expect(await kv.add('pg-a', 'y', 500)).toBe(true);
    expect(await kv.take('pg-a')).toBe('y');
    expect(await kv.take('pg-a')).toBeNull();
    await kv.close();
  });
});
