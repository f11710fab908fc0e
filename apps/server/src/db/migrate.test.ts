import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDb, type Db } from './connect.js';
import { migrateDown, migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';
import { DEFAULT_WEB_CONFIG, seed } from './seed.js';

let db: Db | undefined;
let dir: string | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function fileDb(): { db: Db; file: string } {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-db-'));
  const file = path.join(dir, 'nested', 'gatehouse.sqlite');
  db = connectDb({ kind: 'sqlite', file });
  return { db, file };
}

describe('migrations on SQLite', () => {
  it('keeps migration names in order with a four-digit prefix', () => {
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
    for (const name of names) expect(name).toMatch(/^\d{4}-[a-z0-9-]+$/);
  });

  it('creates the file (and its folder), runs every migration once, and sets the pragmas', async () => {
    const { db, file } = fileDb();
    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(db)).toEqual([]);
    expect(fs.existsSync(file)).toBe(true);

    const tables = await db.introspection.getTables();
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['web_config', 'kv_entries']));

    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    expect(mode.rows[0]?.journal_mode).toBe('wal');
    const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
    expect(fk.rows[0]?.foreign_keys).toBe(1);
  });

  it('migrates down and up again', async () => {
    const { db } = fileDb();
    await migrateToLatest(db);
    const last = Object.keys(migrations).at(-1);
    expect(await migrateDown(db)).toEqual([last]);
    expect(await migrateToLatest(db)).toEqual([last]);
  });

  it('stores epoch milliseconds as exact numbers', async () => {
    const { db } = fileDb();
    await migrateToLatest(db);
    const now = 1_893_456_000_123;
    await db.insertInto('web_config').values({ name: 'x', value: '{}', updated_at: now }).execute();
    const row = await db
      .selectFrom('web_config')
      .selectAll()
      .where('name', '=', 'x')
      .executeTakeFirstOrThrow();
    expect(row.updated_at).toBe(now);
  });
});

describe('seed', () => {
  it('writes the default web config once and never overwrites an edited value', async () => {
    db = connectDb({ kind: 'sqlite', file: ':memory:' });
    await migrateToLatest(db);
    const names = Object.keys(DEFAULT_WEB_CONFIG);
    expect(await seed(db, 1000)).toEqual(names);

    await db
      .updateTable('web_config')
      .set({ value: '{"qrLogin":false}' })
      .where('name', '=', 'feature_flags')
      .execute();
    expect(await seed(db, 2000)).toEqual([]);

    const rows = await db.selectFrom('web_config').selectAll().orderBy('name').execute();
    expect(rows.map((r) => r.name)).toEqual([...names].sort());
    expect(rows.find((r) => r.name === 'feature_flags')?.value).toBe('{"qrLogin":false}');
    for (const row of rows) {
      expect(row.updated_at).toBe(1000);
      expect(() => JSON.parse(row.value) as unknown).not.toThrow();
    }
  });

  it('configures every captcha scene of the spec', () => {
    const scenes = DEFAULT_WEB_CONFIG.captcha_scene_config as Record<string, unknown>;
    expect(Object.keys(scenes).sort()).toEqual([
      '30245',
      '31000',
      '31001',
      '31004',
      '31005',
      '31013',
      '31014',
    ]);
  });
});
