import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { assertTtl, type Clock, type KvStore } from './kv-store.js';

const SWEEP_EVERY_MS = 60_000;

/**
 * Short-lived keys in the `kv_entries` table, on SQLite or PostgreSQL alike: the default when no
 * Redis is configured, shared by every instance that shares the database. Expired rows are
 * invisible at once and deleted by a periodic sweep.
 */
export class SqlKv implements KvStore {
  readonly #db: Db;
  readonly #now: Clock;
  readonly #sweeper: NodeJS.Timeout | null;

  constructor(db: Db, opts: { now?: Clock; sweepEveryMs?: number | false } = {}) {
    this.#db = db;
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

  async get(key: string): Promise<string | null> {
    const now = this.#now();
    const row = await this.#db
      .selectFrom('kv_entries')
      .select('value')
      .where('key', '=', key)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .executeTakeFirst();
    return row?.value ?? null;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    const expires_at = this.#expiry(ttlMs);
    await this.#db
      .insertInto('kv_entries')
      .values({ key, value, expires_at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, expires_at }))
      .execute();
  }

  async add(key: string, value: string, ttlMs?: number): Promise<boolean> {
    const now = this.#now();
    const expires_at = this.#expiry(ttlMs);
    // Insert, or take over a row only if it has expired; a live row is left alone.
    const result = await this.#db
      .insertInto('kv_entries')
      .values({ key, value, expires_at })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ value, expires_at })
          .where('kv_entries.expires_at', 'is not', null)
          .where('kv_entries.expires_at', '<=', now),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
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

  async incr(key: string, ttlMs?: number): Promise<number> {
    const now = this.#now();
    const expires_at = this.#expiry(ttlMs);
    // One statement, so concurrent increments never lose a count. An expired counter restarts at 1.
    const expired = sql<boolean>`kv_entries.expires_at is not null and kv_entries.expires_at <= ${now}`;
    const row = await this.#db
      .insertInto('kv_entries')
      .values({ key, value: '1', expires_at })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          value: sql<string>`case when ${expired} then '1' else cast(cast(kv_entries.value as bigint) + 1 as text) end`,
          expires_at: sql<
            number | null
          >`case when ${expired} then excluded.expires_at else kv_entries.expires_at end`,
        }),
      )
      .returning('value')
      .executeTakeFirstOrThrow();
    return Number(row.value);
  }

  async decr(key: string): Promise<void> {
    const now = this.#now();
    await this.#db
      .updateTable('kv_entries')
      .set({ value: sql<string>`cast(cast(value as bigint) - 1 as text)` })
      .where('key', '=', key)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .execute();
  }

  async del(key: string): Promise<void> {
    await this.#db.deleteFrom('kv_entries').where('key', '=', key).execute();
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
