import type { KvStore } from '../plugins/kv.js';

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

export interface LimitedAttempt {
  /** 1-based number of this attempt in the window (shown to users as the failure count). */
  readonly number: number;
  succeeded(): Promise<void>;
  /** Nothing was checked after all (another guard refused): take this attempt back. */
  cancel(): Promise<void>;
  failed(): Promise<{ number: number; lockedUntil: number | null }>;
}

export interface AttemptLimiter {
  readonly policy: Readonly<AttemptLimitPolicy>;
  begin(key: string, now: number): Promise<AttemptGate>;
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

  const lockedUntil = async (key: string, now: number): Promise<number | null> => {
    // The end time is the value (the store's TTL only cleans up), so the caller's clock decides.
    const until = Number((await kv.get(lockKey(key))) ?? 0);
    return until > now ? until : null;
  };

  return {
    policy,
    lockedUntil,
    async count(key) {
      return Number((await kv.get(countKey(key))) ?? 0);
    },
    async begin(key, now) {
      // Count first, then read the lock: a lock is always set before its count is cleared, so
      // an attempt counted after the clear still sees the lock.
      const number = await kv.incr(countKey(key), policy.windowMs);
      const until = await lockedUntil(key, now);
      if (until !== null) {
        // While a lock holds nothing is checked, so refusals must not eat into the next window.
        await kv.decr(countKey(key));
        return { allowed: false, lockedUntil: until };
      }
      if (number > policy.limit) return { allowed: false, lockedUntil: now + policy.lockMs };
      return {
        allowed: true,
        attempt: {
          number,
          async succeeded() {
            if (policy.onSuccess === 'reset') await kv.del(countKey(key));
            else await kv.decr(countKey(key));
          },
          async cancel() {
            await kv.decr(countKey(key));
          },
          async failed() {
            if (number < policy.limit) return { number, lockedUntil: null };
            // `add`: concurrent lockers agree on one end time.
            await kv.add(lockKey(key), String(now + policy.lockMs), policy.lockMs);
            await kv.del(countKey(key));
            return { number, lockedUntil: (await lockedUntil(key, now)) ?? now + policy.lockMs };
          },
        },
      };
    },
  };
}
