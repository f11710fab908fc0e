import { createHash, randomBytes } from 'node:crypto';
import type { KvStore } from '../plugins/kv.js';
import { SELF_UNBIND_TTL_MS } from './login-refusal.js';

/**
 * The `self_unbind_token` a 31003 answer sets: it names the banned account for the ban screens
 * (`ban/einfo`, the self-unblock page) without the client sending the login name again. Only
 * issued after a correct password, so it reveals nothing to a guesser. Stored hashed in kv.
 */
export interface BanTokens {
  issue(userId: string): Promise<string>;
  /** The account the token was issued for, or null when unknown or expired. */
  userIdOf(token: string | null | undefined): Promise<string | null>;
  /** Spend the token (the ban it named was lifted). */
  revoke(token: string): Promise<void>;
}

export function createBanTokens(kv: KvStore): BanTokens {
  const key = (token: string) => `ban-token:${createHash('sha256').update(token).digest('base64url')}`;
  return {
    async issue(userId) {
      const token = randomBytes(32).toString('base64url');
      await kv.set(key(token), userId, SELF_UNBIND_TTL_MS);
      return token;
    },
    async userIdOf(token) {
      if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
      return kv.get(key(token));
    },
    async revoke(token) {
      await kv.del(key(token));
    },
  };
}
