import { describe, expect, it, vi } from 'vitest';
import { openSqlite } from './connect.js';
import { withStatementCache } from './statement-cache.js';

describe('withStatementCache', () => {
  it('prepares each SQL text once and reuses the statement', () => {
    const sqlite = openSqlite(':memory:');
    const prepare = vi.spyOn(sqlite, 'prepare');
    const db = withStatementCache(sqlite);
    db.prepare('create table t (x integer)').run([]);
    const insert = db.prepare('insert into t (x) values (?)');
    insert.run([1]);
    expect(db.prepare('insert into t (x) values (?)')).toBe(insert);
    db.prepare('insert into t (x) values (?)').run([2]);
    expect(db.prepare('select sum(x) as s from t').all([])).toEqual([{ s: 3 }]);
    expect(prepare).toHaveBeenCalledTimes(3);
    db.close();
  });

  it('evicts the least recently used statement past its size', () => {
    const sqlite = openSqlite(':memory:');
    const prepare = vi.spyOn(sqlite, 'prepare');
    const db = withStatementCache(sqlite, 2);
    db.prepare('select 1');
    db.prepare('select 2');
    db.prepare('select 1'); // now most recent
    db.prepare('select 3'); // evicts "select 2"
    db.prepare('select 1');
    expect(prepare).toHaveBeenCalledTimes(3);
    db.prepare('select 2');
    expect(prepare).toHaveBeenCalledTimes(4);
    db.close();
  });

  it('keeps working after a schema change (SQLite re-prepares the statement)', () => {
    const db = withStatementCache(openSqlite(':memory:'));
    db.prepare('create table t (x integer)').run([]);
    const select = db.prepare('select * from t');
    expect(select.all([])).toEqual([]);
    db.prepare('alter table t add column y integer').run([]);
    db.prepare('insert into t (x, y) values (1, 2)').run([]);
    expect(db.prepare('select * from t').all([])).toEqual([{ x: 1, y: 2 }]);
    db.close();
  });
});
