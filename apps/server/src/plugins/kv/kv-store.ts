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
  close(): Promise<void>;
}

export type Clock = () => number;

export function assertTtl(ttlMs: number | undefined): void {
  if (ttlMs !== undefined && (!Number.isSafeInteger(ttlMs) || ttlMs <= 0)) {
    throw new RangeError('ttlMs must be a positive integer');
  }
}
