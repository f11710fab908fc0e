import { createHash, randomBytes } from 'node:crypto';
import { TELEGRAM_PENDING_BIND_TTL_MS } from '@gatehouse/contract';
import type { KvStore } from '../../plugins/kv.js';
import type { TelegramIdentity } from './telegram-verify.js';

/**
 * A verified Telegram user waiting for an account: a third-party login found no binding, so the
 * user logs in or signs up next and the pending id (sent with that call) binds them. Stored in kv
 * under the id's hash, for 30 minutes, taken (deleted) on first use.
 */
export interface PendingBind {
  user: TelegramIdentity;
  /** The Guid header of the device that started it; the completing call must come from it too. */
  guid: string | null;
  createdAt: number;
}

const keyOf = (id: string) => `tg-pending:${createHash('sha256').update(id).digest('base64url')}`;

export function createPendingBinds(kv: KvStore) {
  return {
    async create(pending: PendingBind): Promise<string> {
      const id = randomBytes(32).toString('base64url');
      await kv.set(keyOf(id), JSON.stringify(pending), TELEGRAM_PENDING_BIND_TTL_MS);
      return id;
    },
    /** The pending bind, removed so it cannot be used twice; null when unknown or expired. */
    async take(id: string): Promise<PendingBind | null> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
      const raw = await kv.take(keyOf(id));
      return raw === null ? null : (JSON.parse(raw) as PendingBind);
    },
  };
}

export type PendingBinds = ReturnType<typeof createPendingBinds>;
