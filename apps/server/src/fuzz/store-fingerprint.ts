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
 *   delete them between two snapshots. Both snapshots of a case use the same cut and read each
 *   key's absolute expiry (Redis `PEXPIRETIME`), so an entry falls on the same side in both.
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
  'sign_in_history',
  'account_bans',
  'referral_codes',
  'channel_partners',
  'signup_attributions',
  'partner_registrations',
  'oauth_families',
  'two_factor_totp',
  'two_factor_backup_codes',
  'passkeys',
  'social_identities',
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
  /** One hash per table and one for the key/value store: what `changedParts` compares. */
  parts: Record<string, string>;
  /** Row counts per table, printed when a table changed. */
  counts: Record<string, number>;
  /** Key/value entries by key (value hash and expiry), printed when the store changed. */
  kv: Map<string, string>;
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
  const kept = (key: string, value: unknown, expiresAt: number | null) =>
    out.kv.set(
      key,
      `${hash([value])} expires ${expiresAt === null ? 'never' : new Date(expiresAt).toISOString()}`,
    );
  if (opts.redis) {
    const { client, prefix } = opts.redis;
    const keys = (await scanKeys(client, `${prefix}gh:kv:*`)).sort();
    const entries: string[] = [];
    if (keys.length > 0) {
      const pipeline = client.pipeline();
      // The absolute expiry, as Redis keeps it: a TTL added to this process's clock once the reply
      // has arrived drifts by the reply's delay, and a key near the cut then falls on either side.
      for (const key of keys) pipeline.pexpiretime(key).get(key);
      const replies = (await pipeline.exec()) ?? [];
      keys.forEach((key, i) => {
        // -2 (and a null value): the key SCAN listed expired or went before this read; -1: no expiry.
        const expiry = Number(replies[2 * i]?.[1]);
        const stored = replies[2 * i + 1]?.[1];
        if (expiry === -2 || stored === null || stored === undefined) return;
        const expiresAt = expiry >= 0 ? expiry : null;
        if (expiresAt !== null && expiresAt < cutoff) return;
        if (key.startsWith(`${prefix}gh:kv:${RATE_LIMIT_KEYS}`)) return;
        const value = String(stored);
        entries.push(`${key}=${value}`);
        kept(key.slice(prefix.length), value, expiresAt);
      });
    }
    out.parts['kv'] = hash(entries);
  } else {
    const rows = (await opts.db.selectFrom('kv_entries').selectAll().execute()).filter(
      (r) => (r.expires_at === null || r.expires_at > cutoff) && !r.key.startsWith(RATE_LIMIT_KEYS),
    );
    for (const r of rows) kept(r.key, r, r.expires_at);
    out.parts['kv'] = hash(rows);
  }
  return out;
}

async function tableHashes(db: Db): Promise<StoreSnapshot> {
  const out: StoreSnapshot = { parts: {}, counts: {}, kv: new Map() };
  for (const table of BUSINESS_TABLES) {
    const rows = await db.selectFrom(table).selectAll().execute();
    const ignored = IGNORED_COLUMNS[table] ?? [];
    out.counts[table] = rows.length;
    out.parts[table] = hash(
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
    return sql`(select md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) || ':' || count(*) from ${sql.table(table)} t) as ${sql.ref(table)}`;
  });
  const { rows } = await sql<Record<string, string>>`select ${sql.join(parts)}`.execute(db);
  const out: StoreSnapshot = { parts: {}, counts: {}, kv: new Map() };
  for (const [table, value] of Object.entries(rows[0] ?? {})) {
    const [digest = '', count = '0'] = value.split(':');
    out.parts[table] = digest;
    out.counts[table] = Number(count);
  }
  return out;
}

export function changedParts(before: StoreSnapshot, after: StoreSnapshot): string[] {
  return Object.keys(before.parts).filter((part) => before.parts[part] !== after.parts[part]);
}

/** What changed, in words a failure message can carry: row counts per table, keys by name. */
export function describeChanges(before: StoreSnapshot, after: StoreSnapshot): string {
  return changedParts(before, after)
    .map((part) => {
      if (part !== 'kv') return `${part}: ${before.counts[part]} → ${after.counts[part]} rows`;
      const keys = new Set([...before.kv.keys(), ...after.kv.keys()]);
      const lines = [...keys]
        .filter((key) => before.kv.get(key) !== after.kv.get(key))
        .map((key) => `  ${key}: ${before.kv.get(key) ?? 'absent'} → ${after.kv.get(key) ?? 'absent'}`);
      return `kv:\n${lines.join('\n')}`;
    })
    .join('\n');
}

/**
 * Every key matching `match`, once. SCAN may return a key more than once while Redis rehashes its
 * table (as the shared test Redis does when other suites add keys): unless the duplicates are
 * dropped, two snapshots of an unchanged store can differ.
 */
export async function scanKeys(client: Redis, match: string): Promise<string[]> {
  const keys = new Set<string>();
  let cursor = '0';
  do {
    const [next, batch] = await client.scan(cursor, 'MATCH', match, 'COUNT', 500);
    cursor = next;
    for (const key of batch) keys.add(key);
  } while (cursor !== '0');
  return [...keys];
}
