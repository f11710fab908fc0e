import type { Db } from '../../db/connect.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { SqlWrite } from '../../db/write-together.js';
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
  /** remember() as a write not yet run (null for a missing or malformed guid): db/write-together.ts. */
  rememberWrite(userId: string, guid: string | null | undefined, userAgent?: string | null): SqlWrite | null;
  /** Forget every device of the account (password reset: every device must prove itself again). */
  forgetAll(userId: string): Promise<void>;
}

export function createKnownDevices(db: Db, now: () => number = () => Date.now()): KnownDevices {
  // Every login runs these two: built once (db/prepared-query.ts).
  const known = preparedQuery<{ userId: string; guid: string }, { guid: string }>((p) =>
    db.selectFrom('known_devices').select('guid').where('user_id', '=', p.userId).where('guid', '=', p.guid),
  );
  const upsert = preparedQuery<{ userId: string; guid: string; at: number; ua: string | null }, never>((p) =>
    db
      .insertInto('known_devices')
      .values({ user_id: p.userId, guid: p.guid, first_seen_at: p.at, last_seen_at: p.at, user_agent: p.ua })
      .onConflict((oc) =>
        oc.columns(['user_id', 'guid']).doUpdateSet({ last_seen_at: p.at, user_agent: p.ua }),
      ),
  );
  const rememberWrite: KnownDevices['rememberWrite'] = (userId, guid, userAgent = null) => {
    if (!isDeviceGuid(guid)) return null;
    return upsert({ userId, guid, at: now(), ua: userAgent ? userAgent.slice(0, 512) : null });
  };

  return {
    async isKnown(userId, guid) {
      if (!isDeviceGuid(guid)) return false;
      return (await db.executeQuery(known({ userId, guid }))).rows.length > 0;
    },
    async remember(userId, guid, userAgent = null) {
      const write = rememberWrite(userId, guid, userAgent);
      if (write) await db.executeQuery(write);
    },
    rememberWrite,
    async forgetAll(userId) {
      await db.deleteFrom('known_devices').where('user_id', '=', userId).execute();
    },
  };
}
