import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { RegistrationsTable, SignupChannelsTable } from '../../db/schema.js';

export type RegistrationRow = Selectable<RegistrationsTable>;
export type RegistrationStage = RegistrationsTable['stage'];

/**
 * Storage of sign-up flows. State changes are conditional UPDATEs on the expected stage (and
 * code hash), so two concurrent calls on one flow cannot both move it: the second sees 0 rows.
 */
export interface RegistrationRepository {
  insert(row: Insertable<RegistrationsTable>): Promise<void>;
  /** The flow, unless it has expired. */
  find(uuid: string, now: number): Promise<RegistrationRow | undefined>;
  /** The newest open one-shot flow of an identifier on a site, started by the browser with this binding. */
  findOneShot(
    loginName: string,
    site: string,
    bindingHash: string,
    now: number,
  ): Promise<RegistrationRow | undefined>;
  /** Remove a flow whose first message could not be sent. */
  delete(uuid: string): Promise<void>;
  /**
   * Update when the row is still at one of `stages` (and, with `codeHash` / `linkHash`, still
   * holds that secret, so a resend in between wins); true when it was.
   */
  updateIfStage(
    uuid: string,
    stages: readonly RegistrationStage[],
    values: Updateable<RegistrationsTable>,
    opts?: { db?: Db; codeHash?: string; linkHash?: string },
  ): Promise<boolean>;
  /**
   * Count one attempt against the current code: only while the code is still `codeHash` and
   * fewer than `max` attempts were made. Returns the attempts after the increment, or null.
   */
  countAttempt(uuid: string, codeHash: string, max: number, now: number): Promise<number | null>;
  /** Burn the code (after too many attempts). */
  burnCode(uuid: string, codeHash: string, now: number): Promise<void>;
  insertChannel(row: Insertable<SignupChannelsTable>, db: Db): Promise<void>;
  deleteExpired(before: number): Promise<number>;
}

export function createRegistrationRepository(db: Db): RegistrationRepository {
  return {
    async insert(row) {
      await db.insertInto('registrations').values(row).execute();
    },

    find(uuid, now) {
      return db
        .selectFrom('registrations')
        .selectAll()
        .where('uuid', '=', uuid)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    findOneShot(loginName, site, bindingHash, now) {
      return db
        .selectFrom('registrations')
        .selectAll()
        .where('login_name', '=', loginName)
        .where('site', '=', site)
        .where('mode', '=', 'oneshot')
        .where('binding_hash', '=', bindingHash)
        .where('stage', 'in', ['info', 'code_sent'])
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
    },

    async delete(uuid) {
      await db.deleteFrom('registrations').where('uuid', '=', uuid).execute();
    },

    async updateIfStage(uuid, stages, values, opts = {}) {
      let query = (opts.db ?? db)
        .updateTable('registrations')
        .set(values)
        .where('uuid', '=', uuid)
        .where('stage', 'in', [...stages]);
      if (opts.codeHash !== undefined) query = query.where('code_hash', '=', opts.codeHash);
      if (opts.linkHash !== undefined) query = query.where('link_token_hash', '=', opts.linkHash);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async countAttempt(uuid, codeHash, max, now) {
      const row = await db
        .updateTable('registrations')
        .set({ attempts: sql<number>`attempts + 1`, updated_at: now })
        .where('uuid', '=', uuid)
        .where('code_hash', '=', codeHash)
        .where('attempts', '<', max)
        .returning('attempts')
        .executeTakeFirst();
      return row ? Number(row.attempts) : null;
    },

    async burnCode(uuid, codeHash, now) {
      await db
        .updateTable('registrations')
        .set({ code_hash: null, updated_at: now })
        .where('uuid', '=', uuid)
        .where('code_hash', '=', codeHash)
        .execute();
    },

    async insertChannel(row, target) {
      await target.insertInto('signup_channels').values(row).execute();
    },

    async deleteExpired(before) {
      const result = await db.deleteFrom('registrations').where('expires_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
