/**
 * A store of short-lived keys: codes, nonces, counters, throttles. Values are strings (callers
 * JSON-encode what they need). Every implementation is safe to share between server instances
 * that share the backing store, and every compound operation is atomic.
 */
export interface KvStore {
  /** The value, or null when missing or expired. */
  get(key: string): Promise<string | null>;
  /** Set (overwrite) a value; with `ttlMs` it expires after that many milliseconds. */
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Set only when the key is absent (or expired). True when this call set it: locks, one-time nonces. */
  add(key: string, value: string, ttlMs?: number): Promise<boolean>;
  /** Read and delete in one step: one-time codes cannot be used twice. */
  take(key: string): Promise<string | null>;
  /**
   * Delete the key only if it still holds exactly `value` (and is live); true when this call deleted it.
   * Consume-once of a record that was read and checked: a record replaced meanwhile is left alone.
   */
  takeIf(key: string, value: string): Promise<boolean>;
  /**
   * Add one to a counter and return the new count. A new (or expired) counter starts at 1 and
   * gets `ttlMs`; later increments keep the original expiry (a fixed window).
   */
  incr(key: string, ttlMs?: number): Promise<number>;
  /** Take one back from a live counter (a refunded attempt); a missing or expired counter stays so. */
  decr(key: string): Promise<void>;
  del(key: string): Promise<void>;
  /**
   * Several operations in order, in one round trip where the store can (one MULTI on Redis, one
   * transaction on SQLite; on PostgreSQL without Redis one statement each, as separate calls
   * would). Each operation keeps its own guarantee; answers come back in the same order. The hot
   * paths use it (a login's counters: ADR 0021); nothing may rely on the batch as a whole being
   * atomic.
   */
  batch<const T extends readonly KvOp[]>(ops: T): Promise<KvResults<T>>;
  close(): Promise<void>;
}

/** One operation of a batch, with the arguments of the method of the same name. */
export type KvOp =
  | { op: 'get'; key: string }
  | { op: 'set'; key: string; value: string; ttlMs?: number }
  | { op: 'add'; key: string; value: string; ttlMs?: number }
  | { op: 'incr'; key: string; ttlMs?: number }
  | { op: 'decr'; key: string }
  | { op: 'del'; key: string };

/** The operations that write (what a caller may write together with its own rows: store-writes.ts). */
export type KvWriteOp = Exclude<KvOp, { op: 'get' }>;

/** What each operation answers, as its method does (`null` for those that answer nothing). */
export interface KvOpResult {
  get: string | null;
  set: null;
  add: boolean;
  incr: number;
  decr: null;
  del: null;
}

export type KvResults<T extends readonly KvOp[]> = { -readonly [I in keyof T]: KvOpResult[T[I]['op']] };

/** Runs a batch one operation at a time on `kv`'s own methods: correct on every store, one call each. */
export async function batchOneByOne(kv: KvStore, ops: readonly KvOp[]): Promise<unknown[]> {
  const results: unknown[] = [];
  for (const op of ops) results.push(await runOp(kv, op));
  return results;
}

async function runOp(kv: KvStore, op: KvOp): Promise<unknown> {
  switch (op.op) {
    case 'get':
      return kv.get(op.key);
    case 'set':
      await kv.set(op.key, op.value, op.ttlMs);
      return null;
    case 'add':
      return kv.add(op.key, op.value, op.ttlMs);
    case 'incr':
      return kv.incr(op.key, op.ttlMs);
    case 'decr':
      await kv.decr(op.key);
      return null;
    case 'del':
      await kv.del(op.key);
      return null;
  }
}

export type Clock = () => number;

export function assertTtl(ttlMs: number | undefined): void {
  if (ttlMs !== undefined && (!Number.isSafeInteger(ttlMs) || ttlMs <= 0)) {
    throw new RangeError('ttlMs must be a positive integer');
  }
}
