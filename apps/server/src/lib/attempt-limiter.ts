import type { KvOp, KvOpResult, KvStore, KvWriteOp } from '../plugins/kv.js';

/**
 * The one counter behind every "N failures, then locked" rule (passwords per source and per
 * account, failures per address): increment-then-compare in the shared store, so parallel
 * requests on any number of instances can never run more than `limit` checks between locks.
 *
 * begin() counts the attempt before the costly check runs. An attempt past `limit` is refused
 * without being checked. The caller then reports the outcome: the `limit`-th failure locks the
 * key for `lockMs` and the count starts again after it; a success resets the count ('reset') or
 * takes just this attempt back ('refund': a shared address where others may be failing).
 *
 * An attempt refused for being past the limit does not create a lock itself: the attempts still
 * in flight may all succeed, and only failures lock.
 */
export interface AttemptLimitPolicy {
  /** The failure that locks (the 6th wrong password: 5 are answered with a count before it). */
  limit: number;
  /** How long counts are kept (a fixed window from the first attempt). */
  windowMs: number;
  lockMs: number;
  onSuccess: 'reset' | 'refund';
}

export type AttemptGate =
  | { allowed: true; attempt: LimitedAttempt }
  /** `lockedUntil`: the lock's end, or when to come back if attempts are merely in flight. */
  | { allowed: false; lockedUntil: number };

/** What an operation a caller sent along with `begin` answered. */
export type KvAnswer = KvOpResult[KvOp['op']];

/** A gate, and the answers of the operations the caller sent in the same round trip (`also`). */
export type AttemptGateWith = AttemptGate & { also: KvAnswer[] };

export interface LimitedAttempt {
  /** 1-based number of this attempt in the window (shown to users as the failure count). */
  readonly number: number;
  succeeded(): Promise<void>;
  /**
   * What succeeded() writes, for a caller that writes it together with its own rows and counters
   * (the login's final write, ADR 0021) instead of calling succeeded().
   */
  successWrites(): KvWriteOp[];
  /** Nothing was checked after all (another guard refused): take this attempt back. */
  cancel(): Promise<void>;
  failed(): Promise<{ number: number; lockedUntil: number | null }>;
}

export interface AttemptLimiter {
  readonly policy: Readonly<AttemptLimitPolicy>;
  /**
   * Count an attempt and read the key's lock in one round trip; the `also` operations run in that
   * same round trip, after them (the login's risk counters and replay check), answered in `also`.
   */
  begin(key: string, now: number, also?: readonly KvOp[]): Promise<AttemptGateWith>;
  /** The live lock's end, or null; counts nothing. */
  lockedUntil(key: string, now: number): Promise<number | null>;
  /** Failures (and attempts in flight) counted in the current window. */
  count(key: string): Promise<number>;
}

export function createAttemptLimiter(
  kv: KvStore,
  scope: string,
  policy: Readonly<AttemptLimitPolicy>,
): AttemptLimiter {
  const countKey = (key: string) => `lim:${scope}:n:${key}`;
  const lockKey = (key: string) => `lim:${scope}:lock:${key}`;

  // The end time is the value (the store's TTL only cleans up), so the caller's clock decides.
  const lockEnd = (value: string | null, now: number): number | null => {
    const until = Number(value ?? 0);
    return until > now ? until : null;
  };
  const lockedUntil = async (key: string, now: number): Promise<number | null> =>
    lockEnd(await kv.get(lockKey(key)), now);

  return {
    policy,
    lockedUntil,
    async count(key) {
      return Number((await kv.get(countKey(key))) ?? 0);
    },
    async begin(key, now, alsoOps = []) {
      // Count first, then read the lock (one batch, in this order): a lock is always set before
      // its count is cleared, so an attempt counted after the clear still sees the lock.
      const [number, lock, ...also] = await kv.batch([
        { op: 'incr', key: countKey(key), ttlMs: policy.windowMs },
        { op: 'get', key: lockKey(key) },
        ...alsoOps,
      ]);
      const until = lockEnd(lock, now);
      if (until !== null) {
        // While a lock holds nothing is checked, so refusals must not eat into the next window.
        await kv.decr(countKey(key));
        return { allowed: false, lockedUntil: until, also };
      }
      if (number > policy.limit) return { allowed: false, lockedUntil: now + policy.lockMs, also };
      const successWrites = (): KvWriteOp[] => [
        policy.onSuccess === 'reset' ? { op: 'del', key: countKey(key) } : { op: 'decr', key: countKey(key) },
      ];
      return {
        allowed: true,
        also,
        attempt: {
          number,
          successWrites,
          async succeeded() {
            await kv.batch(successWrites());
          },
          async cancel() {
            await kv.decr(countKey(key));
          },
          async failed() {
            if (number < policy.limit) return { number, lockedUntil: null };
            // `add`: concurrent lockers agree on one end time, read back in the same round trip.
            // The lock is set before the count is cleared (see begin).
            const [, , lock] = await kv.batch([
              { op: 'add', key: lockKey(key), value: String(now + policy.lockMs), ttlMs: policy.lockMs },
              { op: 'del', key: countKey(key) },
              { op: 'get', key: lockKey(key) },
            ]);
            return { number, lockedUntil: lockEnd(lock, now) ?? now + policy.lockMs };
          },
        },
      };
    },
  };
}
