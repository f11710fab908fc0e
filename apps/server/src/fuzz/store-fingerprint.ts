import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';

/**
 * What "changes nothing" means for the fuzz test: the rows of every business table, and the
 * short-lived keys that hold flow state (codes, challenges, pending binds).
 *
 * Left out, on purpose:
 * - `sessions.last_seen_at`: a valid session is touched by any call that reads it (bookkeeping,
 *   not a change the request asked for);
 * - rate-limit counters (Redis `gh:rl:*`, process memory, and the route limits' `rl:*` keys in the
 *   key/value store): counting refused requests is their job; a flood of garbage is still a flood;
 * - key/value entries that expire within two minutes of the snapshot: the store's own sweeper may
 *   delete them between two snapshots, and one-minute cooldowns, whose expiry read back from Redis
 *   jitters, would otherwise straddle the cut.
 */
/** The route limits' counters in the key/value store (plugins/rate-limit-store.ts). */
const RATE_LIMIT_KEYS = 'rl:';

export const BUSINESS_TABLES = [
  'users',
  'registrations',
  'signup_channels',
  'sessions',
  'known_devices',
  'trade_env',
  'oauth_clients',
  'oauth_consents',
  'oauth_codes',
  'oauth_tokens',
  'telegram_bindings',
  'telegram_task_completions',
  'outbox',
  'web_config',
] as const satisfies readonly (keyof Database)[];

/** Columns a request may touch without changing anything it was asked to do. */
const IGNORED_COLUMNS: Partial<Record<keyof Database, string[]>> = { sessions: ['last_seen_at'] };

const hash = (rows: unknown[]) =>
  createHash('sha256')
    .update(
      rows
        .map((r) => JSON.stringify(r))
        .sort()
        .join('\n'),
    )
    .digest('hex')
    .slice(0, 16);

export interface StoreSnapshot {
  [part: string]: string;
}

export interface FingerprintOptions {
  db: Db;
  /** With Redis: the client and the prefix every key of this app lives under. */
  redis?: { client: Redis; prefix: string };
}

/**
 * One hash per table (and one for the key/value store); compare two with `changedParts`. Take both
 * snapshots of a comparison with the same `at`, so the "expires within two minutes" cut is the same.
 */
export async function storeSnapshot(opts: FingerprintOptions, at: number): Promise<StoreSnapshot> {
  const cutoff = at + 120_000;
  const out: StoreSnapshot =
    opts.db.getExecutor().adapter instanceof PostgresAdapter
      ? await pgTableHashes(opts.db)
      : await tableHashes(opts.db);
  if (opts.redis) {
    const { client, prefix } = opts.redis;
    const keys = (await scanKeys(client, `${prefix}gh:kv:*`)).sort();
    const entries: string[] = [];
    if (keys.length > 0) {
      const pipeline = client.pipeline();
      for (const key of keys) pipeline.pttl(key).get(key);
      const replies = (await pipeline.exec()) ?? [];
      keys.forEach((key, i) => {
        const ttl = Number(replies[2 * i]?.[1]);
        if (ttl >= 0 && Date.now() + ttl < cutoff) return;
        if (key.startsWith(`${prefix}gh:kv:${RATE_LIMIT_KEYS}`)) return;
        entries.push(`${key}=${String(replies[2 * i + 1]?.[1])}`);
      });
    }
    out['kv'] = hash(entries);
  } else {
    const rows = await opts.db.selectFrom('kv_entries').selectAll().execute();
    out['kv'] = hash(
      rows.filter(
        (r) => (r.expires_at === null || r.expires_at > cutoff) && !r.key.startsWith(RATE_LIMIT_KEYS),
      ),
    );
  }
  return out;
}

async function tableHashes(db: Db): Promise<StoreSnapshot> {
  const out: StoreSnapshot = {};
  for (const table of BUSINESS_TABLES) {
    const rows = await db.selectFrom(table).selectAll().execute();
    const ignored = IGNORED_COLUMNS[table] ?? [];
    out[table] = hash(
      rows.map((row) => {
        const copy: Record<string, unknown> = { ...row };
        for (const column of ignored) delete copy[column];
        return copy;
      }),
    );
  }
  return out;
}

/** PostgreSQL: every table hashed by the server in one round trip (the fuzz takes thousands). */
async function pgTableHashes(db: Db): Promise<StoreSnapshot> {
  const parts = BUSINESS_TABLES.map((table) => {
    const ignored = (IGNORED_COLUMNS[table] ?? []).map((c) => sql` - ${c}`);
    const row = sql`(to_jsonb(t)${sql.join(ignored, sql``)})::text`;
    return sql`(select md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) from ${sql.table(table)} t) as ${sql.ref(table)}`;
  });
  const { rows } = await sql<StoreSnapshot>`select ${sql.join(parts)}`.execute(db);
  return rows[0] ?? {};
}

export function changedParts(before: StoreSnapshot, after: StoreSnapshot): string[] {
  return Object.keys(before).filter((part) => before[part] !== after[part]);
}

export async function scanKeys(client: Redis, match: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await client.scan(cursor, 'MATCH', match, 'COUNT', 500);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0');
  return keys;
}
