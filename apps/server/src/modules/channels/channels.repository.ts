import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { ChannelPartnersTable, SignupAttributionsTable } from '../../db/schema.js';
import { isUniqueViolation } from '../accounts/accounts.repository.js';

export type PartnerKind = 'affiliate' | 'broker';
export type PartnerRow = Selectable<ChannelPartnersTable>;
export type AttributionRow = Insertable<SignupAttributionsTable>;

/**
 * The channels module's tables: referral codes, affiliates and brokers, and attributions. Methods that
 * run inside an account's creation take the transaction (`target`): on SQLite a query outside it would
 * wait for the transaction's connection forever.
 */
export interface ChannelsRepository {
  codeOf(userId: string, target?: Db): Promise<string | undefined>;
  /** The account whose code this is (the code as stored, upper-case). */
  ownerOf(code: string, target?: Db): Promise<string | undefined>;
  /** False when the code is taken (by another account) or the account already has one. */
  insertCode(userId: string, code: string, now: number, target?: Db): Promise<boolean>;
  partner(kind: PartnerKind, id: string, target?: Db): Promise<PartnerRow | undefined>;
  partners(kind?: PartnerKind): Promise<PartnerRow[]>;
  /** Insert or replace the profile (kind + id); keeps `created_at` of an existing row. */
  upsertPartner(row: Omit<PartnerRow, 'created_at' | 'updated_at'>, now: number): Promise<void>;
  /** Set the disabled / anonymous flags; false when no such partner. */
  setPartnerFlags(
    kind: PartnerKind,
    id: string,
    flags: { disabled?: boolean; anonymous?: boolean },
    now: number,
  ): Promise<boolean>;
  /** Once per account: false when the account already has one (the first one stays). */
  insertAttribution(row: AttributionRow, target: Db): Promise<boolean>;
  attributionOf(userId: string): Promise<Selectable<SignupAttributionsTable> | undefined>;
  inviteeCount(inviterUserId: string): Promise<number>;
  /** Insert or update the partner's sign-up outcome of (account, channel). */
  recordPartnerRegistration(
    row: { user_id: string; channel: string; uuid: string; status: string },
    now: number,
  ): Promise<void>;
}

export function createChannelsRepository(db: Db): ChannelsRepository {
  return {
    async codeOf(userId, target = db) {
      const row = await target
        .selectFrom('referral_codes')
        .select('code')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.code;
    },
    async ownerOf(code, target = db) {
      const row = await target
        .selectFrom('referral_codes')
        .select('user_id')
        .where('code', '=', code)
        .executeTakeFirst();
      return row?.user_id;
    },
    async insertCode(userId, code, now, target = db) {
      // ON CONFLICT DO NOTHING on both unique keys: no error, so a PostgreSQL transaction stays usable.
      const result = await target
        .insertInto('referral_codes')
        .values({ user_id: userId, code, created_at: now })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
    partner: (kind, id, target = db) =>
      target
        .selectFrom('channel_partners')
        .selectAll()
        .where('kind', '=', kind)
        .where('id', '=', id)
        .executeTakeFirst(),
    async partners(kind) {
      let query = db.selectFrom('channel_partners').selectAll().orderBy('kind').orderBy('id');
      if (kind) query = query.where('kind', '=', kind);
      return query.execute();
    },
    async upsertPartner(row, now) {
      const profile = {
        nickname: row.nickname,
        headimg: row.headimg,
        signature: row.signature,
        content: row.content,
        group_info: row.group_info,
        anonymous: row.anonymous,
        disabled: row.disabled,
      };
      await db
        .insertInto('channel_partners')
        .values({ ...row, created_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(['kind', 'id']).doUpdateSet({ ...profile, updated_at: now }))
        .execute();
    },
    async setPartnerFlags(kind, id, flags, now) {
      const set: { disabled?: number; anonymous?: number; updated_at: number } = { updated_at: now };
      if (flags.disabled !== undefined) set.disabled = flags.disabled ? 1 : 0;
      if (flags.anonymous !== undefined) set.anonymous = flags.anonymous ? 1 : 0;
      const result = await db
        .updateTable('channel_partners')
        .set(set)
        .where('kind', '=', kind)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async insertAttribution(row, target) {
      try {
        const result = await target
          .insertInto('signup_attributions')
          .values(row)
          .onConflict((oc) => oc.column('user_id').doNothing())
          .executeTakeFirst();
        return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    },
    attributionOf: (userId) =>
      db.selectFrom('signup_attributions').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    async inviteeCount(inviterUserId) {
      const row = await db
        .selectFrom('signup_attributions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('inviter_user_id', '=', inviterUserId)
        .where('scene', '=', 2)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async recordPartnerRegistration(row, now) {
      await db
        .insertInto('partner_registrations')
        .values({ ...row, created_at: now, updated_at: now })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'channel'])
            .doUpdateSet({ uuid: row.uuid, status: row.status, updated_at: now }),
        )
        .execute();
    },
  };
}
