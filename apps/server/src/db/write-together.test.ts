import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '../test-support/test-app.js';
import { TEST_STORE } from '../test-support/test-stores.js';
import { SqlKv } from '../plugins/kv/sql-kv.js';
import type { Db } from './connect.js';
import { writeTogether } from './write-together.js';

// On the server-pg project this runs on PostgreSQL (one statement), else on SQLite (one transaction).
let db: Db;
beforeEach(async () => {
  db = await testDb();
});
afterEach(async () => {
  await db.destroy();
});

const row = (key: string, value: string) => ({ key, value, expires_at: null });
const values = async () =>
  (await db.selectFrom('kv_entries').select(['key', 'value']).orderBy('key').execute()).map(
    (r) => `${r.key}=${r.value}`,
  );

describe(`writeTogether on ${TEST_STORE}`, () => {
  it('runs every write, with the kv store’s own writes among them', async () => {
    await db
      .insertInto('kv_entries')
      .values([row('count', '5'), row('old', 'x')])
      .execute();
    const kv = new SqlKv(db, { sweepEveryMs: false });
    await writeTogether(db, [
      db.insertInto('kv_entries').values(row('new', 'y')),
      ...kv.writesFor([
        { op: 'decr', key: 'count' },
        { op: 'del', key: 'old' },
        { op: 'set', key: 'set', value: 'z', ttlMs: 60_000 },
      ]),
    ]);
    expect(await values()).toEqual(['count=4', 'new=y', 'set=z']);
  });

  it('writes all or nothing: one failing write leaves the others unwritten', async () => {
    await db.insertInto('kv_entries').values(row('taken', '1')).execute();
    await expect(
      writeTogether(db, [
        db.insertInto('kv_entries').values(row('first', '1')),
        // The key exists: a unique violation.
        db.insertInto('kv_entries').values(row('taken', '2')),
      ]),
    ).rejects.toThrow();
    expect(await values()).toEqual(['taken=1']);
  });

  it('runs a single write as it is, and nothing for none', async () => {
    await writeTogether(db, []);
    await writeTogether(db, [db.insertInto('kv_entries').values(row('one', '1'))]);
    expect(await values()).toEqual(['one=1']);
  });
});
