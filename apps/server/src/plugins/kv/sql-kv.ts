import { sql } from 'kysely';
import { sqlDialectOf, type Db } from '../../db/connect.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { inWriteTransaction, type SqlWrite } from '../../db/write-together.js';
import {
  assertTtl,
  batchOneByOne,
  type Clock,
  type KvOp,
  type KvResults,
  type KvStore,
  type KvWriteOp,
} from './kv-store.js';

const SWEEP_EVERY_MS = 60_000;

/** The statements of the store: built once, run with new parameters (db/prepared-query.ts). */
function statements(db: Db) {
  const live = (now: number) =>
    sql<boolean>`(kv_entries.expires_at is null or kv_entries.expires_at > ${now})`;
  const expired = (now: number) =>
    sql<boolean>`kv_entries.expires_at is not null and kv_entries.expires_at <= ${now}`;
  return {
    get: preparedQuery<{ key: string; now: number }, { value: string }>((p) =>
      db.selectFrom('kv_entries').select('value').where('key', '=', p.key).where(live(p.now)),
    ),
    set: preparedQuery<{ key: string; value: string; expiresAt: number | null }, never>((p) =>
      db
        .insertInto('kv_entries')
        .values({ key: p.key, value: p.value, expires_at: p.expiresAt })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: p.value, expires_at: p.expiresAt })),
    ),
    // Insert, or take over a row only if it has expired; a live row is left alone.
    add: preparedQuery<{ key: string; value: string; expiresAt: number | null; now: number }, never>((p) =>
      db
        .insertInto('kv_entries')
        .values({ key: p.key, value: p.value, expires_at: p.expiresAt })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet({ value: p.value, expires_at: p.expiresAt })
            .where('kv_entries.expires_at', 'is not', null)
            .where('kv_entries.expires_at', '<=', p.now),
        ),
    ),
    // One statement, so concurrent increments never lose a count. An expired counter restarts at 1.
    incr: preparedQuery<{ key: string; expiresAt: number | null; now: number }, { value: string }>((p) =>
      db
        .insertInto('kv_entries')
        .values({ key: p.key, value: '1', expires_at: p.expiresAt })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            value: sql<string>`case when ${expired(p.now)} then '1' else cast(cast(kv_entries.value as bigint) + 1 as text) end`,
            expires_at: sql<
              number | null
            >`case when ${expired(p.now)} then excluded.expires_at else kv_entries.expires_at end`,
          }),
        )
        .returning('value'),
    ),
    decr: preparedQuery<{ key: string; now: number }, never>((p) =>
      db
        .updateTable('kv_entries')
        .set({ value: sql<string>`cast(cast(value as bigint) - 1 as text)` })
        .where('key', '=', p.key)
        .where(live(p.now)),
    ),
    del: preparedQuery<{ key: string }, never>((p) => db.deleteFrom('kv_entries').where('key', '=', p.key)),
  };
}

/**
 * Short-lived keys in the `kv_entries` table, on SQLite or PostgreSQL alike: the default when no
 * Redis is configured, shared by every instance that shares the database. Expired rows are
 * invisible at once and deleted by a periodic sweep.
 */
export class SqlKv implements KvStore {
  readonly #db: Db;
  readonly #now: Clock;
  readonly #sweeper: NodeJS.Timeout | null;
  readonly #q: ReturnType<typeof statements>;

  constructor(db: Db, opts: { now?: Clock; sweepEveryMs?: number | false } = {}) {
    this.#db = db;
    this.#q = statements(db);
    // Late-bound, so a test that fakes Date moves this clock too.
    this.#now = opts.now ?? (() => Date.now());
    const every = opts.sweepEveryMs ?? SWEEP_EVERY_MS;
    this.#sweeper = every === false ? null : setInterval(() => void this.sweep().catch(() => {}), every);
    // The sweep must never keep the process alive on its own.
    this.#sweeper?.unref();
  }

  #expiry(ttlMs: number | undefined): number | null {
    assertTtl(ttlMs);
    return ttlMs === undefined ? null : this.#now() + ttlMs;
  }

  get(key: string): Promise<string | null> {
    return this.#get(this.#db, key);
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    await this.#db.executeQuery(this.#write({ op: 'set', key, value, ttlMs }));
  }

  add(key: string, value: string, ttlMs?: number): Promise<boolean> {
    return this.#add(this.#db, key, value, ttlMs);
  }

  async take(key: string): Promise<string | null> {
    const row = await this.#db
      .deleteFrom('kv_entries')
      .where('key', '=', key)
      .returning(['value', 'expires_at'])
      .executeTakeFirst();
    if (!row || (row.expires_at !== null && row.expires_at <= this.#now())) return null;
    return row.value;
  }

  async takeIf(key: string, value: string): Promise<boolean> {
    const now = this.#now();
    const result = await this.#db
      .deleteFrom('kv_entries')
      .where('key', '=', key)
      .where('value', '=', value)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  incr(key: string, ttlMs?: number): Promise<number> {
    return this.#incr(this.#db, key, ttlMs);
  }

  async decr(key: string): Promise<void> {
    await this.#db.executeQuery(this.#write({ op: 'decr', key }));
  }

  async del(key: string): Promise<void> {
    await this.#db.executeQuery(this.#write({ op: 'del', key }));
  }

  async batch<const T extends readonly KvOp[]>(ops: T): Promise<KvResults<T>> {
    // A commit is the costly part of a SQLite write: with two writes or more, one transaction
    // commits once for all of them. On PostgreSQL it would add two round trips (BEGIN, COMMIT).
    const writes = ops.filter((op) => op.op !== 'get').length;
    if (writes < 2 || sqlDialectOf(this.#db) === 'postgres') {
      return (await batchOneByOne(this, ops)) as KvResults<T>;
    }
    return inWriteTransaction(this.#db, async (trx) => {
      const results: unknown[] = [];
      for (const op of ops) results.push(await this.#run(trx, op));
      return results as KvResults<T>;
    });
  }

  /**
   * The writes of `ops` as statements not yet run, for a caller that writes them together with its
   * own rows (db/write-together.ts: one transaction, one PostgreSQL statement). Their answers are
   * not read: a counter's new value, whether an add took.
   */
  writesFor(ops: readonly KvWriteOp[]): SqlWrite[] {
    return ops.map((op) => this.#write(op));
  }

  async #run(db: Db, op: KvOp): Promise<unknown> {
    switch (op.op) {
      case 'get':
        return this.#get(db, op.key);
      case 'incr':
        return this.#incr(db, op.key, op.ttlMs);
      case 'add':
        return this.#add(db, op.key, op.value, op.ttlMs);
      default:
        await db.executeQuery(this.#write(op));
        return null;
    }
  }

  async #get(db: Db, key: string): Promise<string | null> {
    const { rows } = await db.executeQuery(this.#q.get({ key, now: this.#now() }));
    return rows[0]?.value ?? null;
  }

  async #add(db: Db, key: string, value: string, ttlMs: number | undefined): Promise<boolean> {
    const result = await db.executeQuery(this.#write({ op: 'add', key, value, ttlMs }));
    return Number(result.numAffectedRows ?? 0n) > 0;
  }

  async #incr(db: Db, key: string, ttlMs: number | undefined): Promise<number> {
    const expiresAt = this.#expiry(ttlMs);
    const { rows } = await db.executeQuery(this.#q.incr({ key, expiresAt, now: this.#now() }));
    const row = rows[0];
    if (!row) throw new Error('kv incr returned no row');
    return Number(row.value);
  }

  #write(op: KvWriteOp): SqlWrite {
    switch (op.op) {
      case 'set':
        return this.#q.set({ key: op.key, value: op.value, expiresAt: this.#expiry(op.ttlMs) });
      case 'add':
        return this.#q.add({
          key: op.key,
          value: op.value,
          expiresAt: this.#expiry(op.ttlMs),
          now: this.#now(),
        });
      case 'incr':
        return this.#q.incr({ key: op.key, expiresAt: this.#expiry(op.ttlMs), now: this.#now() });
      case 'decr':
        return this.#q.decr({ key: op.key, now: this.#now() });
      case 'del':
        return this.#q.del({ key: op.key });
    }
  }

  /** Delete expired rows; returns how many. */
  async sweep(): Promise<number> {
    const result = await this.#db
      .deleteFrom('kv_entries')
      .where('expires_at', 'is not', null)
      .where('expires_at', '<=', this.#now())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  close(): Promise<void> {
    if (this.#sweeper) clearInterval(this.#sweeper);
    return Promise.resolve();
  }
}
