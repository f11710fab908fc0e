import type { Db } from '../../db/connect.js';
import { isDeviceGuid } from '../../lib/request-context.js';

/**
 * Devices an account has completed a login from. A password login from any other device
 * (or without a guid) needs a code sent to the account first (docs/flows/login.md).
 */
export interface KnownDevices {
  isKnown(userId: string, guid: string | null): Promise<boolean>;
  /**
   * Mark the device known (or refresh its last use). Registration calls it for the device that
   * signed up: that device proved the e-mail or mobile with a code, so its next login needs none.
   * A missing or malformed guid is ignored.
   */
  remember(userId: string, guid: string | null | undefined, userAgent?: string | null): Promise<void>;
  /** Forget every device of the account (password reset: every device must prove itself again). */
  forgetAll(userId: string): Promise<void>;
}

export function createKnownDevices(db: Db, now: () => number = () => Date.now()): KnownDevices {
  return {
    async isKnown(userId, guid) {
      if (!isDeviceGuid(guid)) return false;
      const row = await db
        .selectFrom('known_devices')
        .select('guid')
        .where('user_id', '=', userId)
        .where('guid', '=', guid)
        .executeTakeFirst();
      return row !== undefined;
    },
    async remember(userId, guid, userAgent = null) {
      if (!isDeviceGuid(guid)) return;
      const at = now();
      const ua = userAgent ? userAgent.slice(0, 512) : null;
      await db
        .insertInto('known_devices')
        .values({ user_id: userId, guid, first_seen_at: at, last_seen_at: at, user_agent: ua })
        .onConflict((oc) => oc.columns(['user_id', 'guid']).doUpdateSet({ last_seen_at: at, user_agent: ua }))
        .execute();
    },
    async forgetAll(userId) {
      await db.deleteFrom('known_devices').where('user_id', '=', userId).execute();
    },
  };
}
