import { precomputeAnswer, type PrecomputedAnswer } from './precomputed-answer.js';

export interface AnswerCacheOptions {
  /** How long an answer is served before it is computed again. */
  ttlMs: number;
  /** At most this many answers (keys may come from requests): the oldest computed goes first. */
  maxEntries: number;
  now?: () => number;
}

export interface AnswerCache {
  /** The precomputed answer for `key`: kept, or from `compute()` (the JSON) once it has expired. */
  answer(key: string, compute: () => Promise<string>): Promise<PrecomputedAnswer>;
}

/**
 * Precomputed answers of data that can change under the server (web config rows an operator edits
 * in the database): each is served for `ttlMs`, then computed again; an unchanged JSON keeps its
 * compressed forms (precomputeAnswer). Per instance, so a change reaches every instance within
 * `ttlMs`. Requests that miss together each compute; the last one's answer is kept.
 */
export function createAnswerCache(opts: AnswerCacheOptions): AnswerCache {
  const now = opts.now ?? (() => Date.now());
  const entries = new Map<string, { answer: PrecomputedAnswer; expiresAt: number }>();
  return {
    async answer(key, compute) {
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now()) return entry.answer;
      const answer = precomputeAnswer(await compute(), entries.get(key)?.answer);
      // Map order is insertion order: re-inserting makes this the newest, the first key the oldest.
      entries.delete(key);
      if (entries.size >= opts.maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { answer, expiresAt: now() + opts.ttlMs });
      return answer;
    },
  };
}
