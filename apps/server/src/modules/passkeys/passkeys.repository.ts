import type { Db } from '../../db/connect.js';
import { isUniqueViolation } from '../accounts/accounts.repository.js';

/** A registered passkey, as the service sees it. */
export interface PasskeyRecord {
  /** The credential id, base64url. */
  id: string;
  userId: string;
  rpId: string;
  /** COSE public key, base64url. */
  publicKey: string;
  signCount: number;
  transports: string[];
  name: string;
  backedUp: boolean;
  aaguid: string;
  createdAt: number;
  lastUsedAt: number | null;
}

export type NewPasskey = Omit<PasskeyRecord, 'lastUsedAt'>;

/** Why an insert did not happen. */
export type AddOutcome = 'added' | 'limit' | 'duplicate';

/**
 * `passkeys`. The guards that must hold under concurrency are single statements (the counter's
 * compare-and-set) or one transaction that first locks the account's row (the per-account limit).
 */
export interface PasskeysRepository {
  find(id: string): Promise<PasskeyRecord | undefined>;
  listByUser(userId: string): Promise<PasskeyRecord[]>;
  /** Insert unless the account already holds `max` passkeys; the account row is locked while counting. */
  add(passkey: NewPasskey, max: number, now: number): Promise<AddOutcome>;
  /**
   * Record a login: the counter moves from `expected` to `next` (compare-and-set), so of two
   * assertions racing with the same counter one wins; false when the stored counter moved meanwhile.
   */
  recordUse(id: string, expected: number, next: number, now: number): Promise<boolean>;
  rename(userId: string, id: string, name: string): Promise<boolean>;
  remove(userId: string, id: string): Promise<boolean>;
}

type Row = {
  id: string;
  user_id: string;
  rp_id: string;
  public_key: string;
  sign_count: number;
  transports: string | null;
  name: string;
  backed_up: number;
  aaguid: string;
  created_at: number;
  last_used_at: number | null;
};

const recordOf = (row: Row): PasskeyRecord => ({
  id: row.id,
  userId: row.user_id,
  rpId: row.rp_id,
  publicKey: row.public_key,
  signCount: Number(row.sign_count),
  transports: row.transports ? (JSON.parse(row.transports) as string[]) : [],
  name: row.name,
  backedUp: Number(row.backed_up) === 1,
  aaguid: row.aaguid,
  createdAt: Number(row.created_at),
  lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
});

export function createPasskeysRepository(db: Db): PasskeysRepository {
  return {
    async find(id) {
      const row = await db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? recordOf(row) : undefined;
    },

    async listByUser(userId) {
      const rows = await db
        .selectFrom('passkeys')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return rows.map(recordOf);
    },

    async add(passkey, max, now) {
      try {
        return await db.transaction().execute(async (trx) => {
          // Locks the account's row (PostgreSQL) or the database (SQLite) until the insert: two
          // registrations finishing at once count one after the other.
          await trx.updateTable('users').set({ updated_at: now }).where('id', '=', passkey.userId).execute();
          const held = await trx
            .selectFrom('passkeys')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', passkey.userId)
            .executeTakeFirst();
          if (Number(held?.n ?? 0) >= max) return 'limit' as const;
          await trx
            .insertInto('passkeys')
            .values({
              id: passkey.id,
              user_id: passkey.userId,
              rp_id: passkey.rpId,
              public_key: passkey.publicKey,
              sign_count: passkey.signCount,
              transports: passkey.transports.length ? JSON.stringify(passkey.transports) : null,
              name: passkey.name,
              backed_up: passkey.backedUp ? 1 : 0,
              aaguid: passkey.aaguid,
              created_at: passkey.createdAt,
              last_used_at: null,
            })
            .execute();
          return 'added' as const;
        });
      } catch (err) {
        if (isUniqueViolation(err)) return 'duplicate';
        throw err;
      }
    },

    async recordUse(id, expected, next, now) {
      const result = await db
        .updateTable('passkeys')
        .set({ sign_count: next, last_used_at: now })
        .where('id', '=', id)
        .where('sign_count', '=', expected)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async rename(userId, id, name) {
      const result = await db
        .updateTable('passkeys')
        .set({ name })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async remove(userId, id) {
      const result = await db
        .deleteFrom('passkeys')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}
