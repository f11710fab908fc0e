import { createHash } from 'node:crypto';
import { linkSecret } from '../../lib/one-time-codes.js';
import type { KvStore } from '../../plugins/kv.js';
import type { Account } from '../accounts/accounts.repository.js';
import type { Delivery } from '../delivery/delivery-types.js';
import type { KnownDevices } from '../devices/known-devices.repository.js';

/**
 * The owner's way past an account-wide hold (password-attempts.ts): when guesses from many
 * sources hold unknown devices back, the account's e-mail or mobile gets a link. Opening it proves
 * the address, like the new-device code does, so the browser that opens it becomes a known device
 * for the account and logs in as usual while strangers stay held back.
 */
export interface UnlockLinks {
  /** Send the link, at most once per hold (parallel refusals send one). */
  offer(account: Account, client: UnlockClient, now: number): Promise<void>;
  /** Consume a link on this browser; true when it made the device known. */
  redeem(token: string, device: { guid: string | null; userAgent: string | null }): Promise<boolean>;
}

export interface UnlockClient {
  /** e.g. `http://eu.localhost:3000`: the link points at the site the login came to. */
  origin: string;
  locale: string | null;
}

export const UNLOCK_LINK_TTL_MS = 24 * 60 * 60_000;

const tokenKey = (token: string) => `unlock:${createHash('sha256').update(token).digest('base64url')}`;

export function createUnlockLinks(deps: {
  kv: KvStore;
  delivery: Delivery;
  devices: KnownDevices;
  /** One link per this long per account. */
  resendAfterMs: number;
  log: { error(obj: object, msg: string): void };
}): UnlockLinks {
  const { kv } = deps;
  return {
    async offer(account, client, now) {
      const to = account.email ?? account.mobile;
      if (!to) return;
      if (!(await kv.add(`unlock:sent:${account.id}`, String(now), deps.resendAfterMs))) return;
      const token = linkSecret();
      await kv.set(tokenKey(token), account.id, UNLOCK_LINK_TTL_MS);
      const locale = client.locale ?? account.lang;
      try {
        await deps.delivery.send({
          channel: account.email ? 'email' : 'sms',
          to,
          kind: 'login-unlock',
          locale,
          vars: {
            link: `${client.origin}/${locale}/login?unlock=${token}`,
            hours: String(UNLOCK_LINK_TTL_MS / 3_600_000),
          },
        });
      } catch (err) {
        // The refusal the guesser sees must not change with the delivery's fate.
        deps.log.error(
          { reason: err instanceof Error ? err.message : String(err) },
          'unlock delivery failed',
        );
      }
    },

    async redeem(token, device) {
      if (!device.guid || !/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
      const userId = await kv.take(tokenKey(token));
      if (!userId) return false;
      await deps.devices.remember(userId, device.guid, device.userAgent);
      return true;
    },
  };
}
