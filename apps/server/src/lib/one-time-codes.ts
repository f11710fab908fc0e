import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { KvStore } from '../plugins/kv.js';

/**
 * The one lifecycle of every short secret a person types or a link carries (login codes, reset
 * codes, and later 2FA, QR and quick-login tokens): issue → verify with limited attempts →
 * consumed once. Atomic on every store and across instances:
 *
 * - Attempts are counted BEFORE the comparison (increment-then-compare), so N parallel guesses
 *   compare at most `maxAttempts` codes, however they interleave.
 * - A right answer consumes exactly the record it was checked against (compare-and-delete), so
 *   two right answers racing give one success, and a record renewed meanwhile is not eaten.
 * - Renewing starts a new generation with its own attempt counter; the old code stops working.
 *
 * Only a salted hash of the code is stored. Validity is decided by `expiresAt` on the caller's
 * clock (tests move it); the store's TTL only cleans up.
 */
export interface OneTimeCodePolicy {
  ttlMs: number;
  maxAttempts: number;
}

export interface IssuedCode<T> {
  /** The plain code: send it, never store or log it. */
  code: string;
  record: CodeRecord<T>;
}

export interface CodeRecord<T> {
  payload: T;
  /** Epoch ms. */
  expiresAt: number;
}

export type CodeVerdict<T> =
  | { ok: true; payload: T }
  /** No such code, expired, used, or its attempts are spent: ask for a new one. */
  | { ok: false; reason: 'gone' }
  | { ok: false; reason: 'wrong'; remainingAttempts: number };

interface Stored<T> extends CodeRecord<T> {
  /** Generation: each issue gets a fresh one, and with it a fresh attempt counter. */
  gen: string;
  hash: string;
}

/** Six digits, uniformly drawn, leading zeros kept. */
export const sixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** 256 random bits as base64url: for codes carried by links rather than typed. */
export const linkSecret = (): string => randomBytes(32).toString('base64url');

const hashOf = (gen: string, code: string) =>
  createHash('sha256').update(`${gen}:${code}`).digest('base64url');

/** Cleanup margin past expiry, so a late verify still finds the record and answers "expired". */
const GRACE_MS = 60_000;

export interface OneTimeCodes<T> {
  /** Store a fresh code for `id` (replacing any previous one and its attempts). */
  issue(id: string, payload: T, now: number, code?: string): Promise<IssuedCode<T>>;
  /** The live record without touching attempts, or null. */
  peek(id: string, now: number): Promise<CodeRecord<T> | null>;
  verify(id: string, code: string, now: number): Promise<CodeVerdict<T>>;
  /** Forget the code (e.g. the flow was abandoned). */
  burn(id: string): Promise<void>;
}

/**
 * Codes of one kind (`scope`, a short key prefix) with one policy. `id` is the caller's handle for
 * the code (a challenge id, a hash of an identifier): it becomes part of a key, so callers pass
 * something short and already validated or hashed.
 */
export function createOneTimeCodes<T>(
  kv: KvStore,
  scope: string,
  policy: OneTimeCodePolicy,
  generate: () => string = sixDigitCode,
): OneTimeCodes<T> {
  const recordKey = (id: string) => `otc:${scope}:${id}`;
  const attemptsKey = (id: string, gen: string) => `otc:${scope}:${id}:a:${gen}`;
  const ttl = policy.ttlMs + GRACE_MS;

  const read = async (id: string): Promise<{ raw: string; stored: Stored<T> } | null> => {
    const raw = await kv.get(recordKey(id));
    return raw ? { raw, stored: JSON.parse(raw) as Stored<T> } : null;
  };

  return {
    async issue(id, payload, now, code = generate()) {
      const gen = randomBytes(9).toString('base64url');
      const stored: Stored<T> = { payload, expiresAt: now + policy.ttlMs, gen, hash: hashOf(gen, code) };
      await kv.set(recordKey(id), JSON.stringify(stored), ttl);
      return { code, record: { payload, expiresAt: stored.expiresAt } };
    },

    async peek(id, now) {
      const found = await read(id);
      if (!found || found.stored.expiresAt <= now) return null;
      return { payload: found.stored.payload, expiresAt: found.stored.expiresAt };
    },

    async verify(id, code, now) {
      const found = await read(id);
      if (!found || found.stored.expiresAt <= now) return { ok: false, reason: 'gone' };
      const { raw, stored } = found;
      // Count first: this attempt is spent whatever the comparison says.
      const attempt = await kv.incr(attemptsKey(id, stored.gen), ttl);
      if (attempt > policy.maxAttempts) return { ok: false, reason: 'gone' };
      const expected = Buffer.from(stored.hash);
      const given = Buffer.from(hashOf(stored.gen, code));
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        return { ok: false, reason: 'wrong', remainingAttempts: policy.maxAttempts - attempt };
      }
      if (!(await kv.takeIf(recordKey(id), raw))) return { ok: false, reason: 'gone' };
      await kv.del(attemptsKey(id, stored.gen));
      return { ok: true, payload: stored.payload };
    },

    async burn(id) {
      await kv.del(recordKey(id));
    },
  };
}
