import { createHash } from 'node:crypto';
import { QUICK_TOKEN_TTL_MS, type Environment, type SiteId } from '@gatehouse/contract';
import { linkSecret } from '../../lib/one-time-codes.js';
import type { KvStore } from '../../plugins/kv.js';
import type { AccountsRepository } from '../accounts/accounts.repository.js';

/** Where a token may be used: one site in one environment (the host decides both). */
export interface QuickLoginPlace {
  site: SiteId;
  env: Environment;
}

interface Grant extends QuickLoginPlace {
  userId: string;
  /** Epoch ms on the service's clock (tests move it); the store's TTL only cleans up. */
  expiresAt: number;
}

export interface QuickLogin {
  /** A fresh single-use token for `userId` on `place`. The plain token is returned once, stored hashed. */
  mint(userId: string, place: QuickLoginPlace): Promise<{ token: string; expiresAt: number }>;
  /**
   * The account the token logs in on `place`, consuming it; null when unknown, spent, expired, for
   * another site or environment, or when the account may not log in here any more.
   */
  redeem(token: string, place: QuickLoginPlace): Promise<string | null>;
}

/** Same shape as `linkSecret`: 256 bits, base64url. Junk never reaches the store. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/**
 * Cleanup margin past expiry (validity is decided by `expiresAt`). Short: a record lives 90 s in all,
 * under the two minutes the API fuzz test counts as "about to expire" (fuzz/store-fingerprint.ts), so
 * a token minted by one fuzz case never straddles that cut in the next case's snapshots.
 */
const GRACE_MS = 30_000;

const keyOf = (token: string) => `quick:${createHash('sha256').update(token).digest('base64url')}`;

/**
 * Hong Kong accounts log in only on the Hong Kong site and the other way round, as the password
 * login decides (login.service.ts `siteRefusal`). A refused quick login falls back to the form,
 * where the password login explains the refusal (the site modal, the ban flow).
 */
function mayLogInOn(accountSite: SiteId, site: SiteId): boolean {
  return accountSite === site || (accountSite !== 'HKG' && site !== 'HKG');
}

/**
 * Quick-login tokens (docs/flows/quick-login.md) in the shared short-lived store, so any instance
 * redeems what another minted. Single use by compare-and-delete: of two redeems racing with the
 * same token exactly one gets the account.
 */
export function createQuickLogin(deps: {
  kv: KvStore;
  accounts: Pick<AccountsRepository, 'findById'>;
  /** Read on every call, so a test's fake clock applies. */
  now: () => number;
}): QuickLogin {
  const { kv } = deps;
  return {
    async mint(userId, place) {
      const token = linkSecret();
      const grant: Grant = { userId, ...place, expiresAt: deps.now() + QUICK_TOKEN_TTL_MS };
      await kv.set(keyOf(token), JSON.stringify(grant), QUICK_TOKEN_TTL_MS + GRACE_MS);
      return { token, expiresAt: grant.expiresAt };
    },

    async redeem(token, place) {
      if (!TOKEN_PATTERN.test(token)) return null;
      const key = keyOf(token);
      const raw = await kv.get(key);
      if (!raw) return null;
      const grant = JSON.parse(raw) as Grant;
      if (grant.expiresAt <= deps.now()) {
        await kv.del(key);
        return null;
      }
      // Another site's token stays where it is: it still works where it was meant to, for its minute.
      if (grant.site !== place.site || grant.env !== place.env) return null;
      // Compare-and-delete: only the redeem that removes this very record wins.
      if (!(await kv.takeIf(key, raw))) return null;
      const account = await deps.accounts.findById(grant.userId);
      if (!account || account.status !== 'active' || !mayLogInOn(account.site, place.site)) return null;
      return account.id;
    },
  };
}
