import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDb } from '../test-support/test-app.js';
import { TEST_STORE } from '../test-support/test-stores.js';
import type { Db } from './connect.js';
import { preparedQuery } from './prepared-query.js';
import { writeTogether } from './write-together.js';

// On the server-pg project this runs on PostgreSQL, else on SQLite.
let db: Db;
beforeEach(async () => {
  db = await testDb();
  await db
    .insertInto('kv_entries')
    .values([
      { key: 'a', value: '1', expires_at: null },
      { key: 'b', value: '2', expires_at: 10 },
    ])
    .execute();
});
afterEach(async () => {
  await db.destroy();
});

describe(`preparedQuery on ${TEST_STORE}`, () => {
  it('runs the built query with each call’s parameters, and keeps its constants', async () => {
    const find = preparedQuery<{ key: string; now: number }, { value: string }>((p) =>
      db
        .selectFrom('kv_entries')
        .select('value')
        .where('key', '=', p.key)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', p.now)]))
        .where('value', '!=', 'never'),
    );
    expect((await db.executeQuery(find({ key: 'a', now: 0 }))).rows).toEqual([{ value: '1' }]);
    expect((await db.executeQuery(find({ key: 'b', now: 5 }))).rows).toEqual([{ value: '2' }]);
    expect((await db.executeQuery(find({ key: 'b', now: 50 }))).rows).toEqual([]);
    const query = find({ key: 'a', now: 7 });
    expect(query.parameters).toEqual(['a', 7, 'never']);
    // Compiled once: the same text every time.
    expect(find({ key: 'b', now: 8 }).sql).toBe(query.sql);
  });

  it('runs inside another statement with its own values (write-together on PostgreSQL)', async () => {
    const put = preparedQuery<{ key: string; value: string }, never>((p) =>
      db.insertInto('kv_entries').values({ key: p.key, value: p.value, expires_at: null }),
    );
    await writeTogether(db, [put({ key: 'c', value: '3' }), put({ key: 'd', value: '4' })]);
    const rows = await db
      .selectFrom('kv_entries')
      .select(['key', 'value'])
      .where('key', 'in', ['c', 'd'])
      .execute();
    expect(rows.sort((x, y) => x.key.localeCompare(y.key))).toEqual([
      { key: 'c', value: '3' },
      { key: 'd', value: '4' },
    ]);
  });

  it('refuses a list parameter, whose length would change the SQL', () => {
    const list = preparedQuery<{ key: string }, { value: string }>(() =>
      db
        .selectFrom('kv_entries')
        .select('value')
        .where('key', '=', sql<string>`${['a', 'b']}`),
    );
    expect(() => list({ key: 'a' })).toThrow(/list parameter/);
  });
});
