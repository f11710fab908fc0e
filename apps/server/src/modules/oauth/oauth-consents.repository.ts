import { isOAuthScope, type OAuthScope } from '@gatehouse/contract';
import type { Db } from '../../db/connect.js';

export interface OAuthConsent {
  clientId: string;
  scopes: OAuthScope[];
  grantedAt: number;
  updatedAt: number;
}

export interface OAuthConsentsRepository {
  find(userId: string, clientId: string): Promise<OAuthConsent | undefined>;
  listForUser(userId: string): Promise<OAuthConsent[]>;
  /** Remember an accepted scope set: the union with what was granted before. */
  grant(userId: string, clientId: string, scopes: readonly OAuthScope[], now: number): Promise<void>;
  /** False when there was no consent. */
  remove(userId: string, clientId: string): Promise<boolean>;
}

const scopesOf = (json: string): OAuthScope[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value)
    ? value.filter((v): v is OAuthScope => typeof v === 'string' && isOAuthScope(v))
    : [];
};

export function createOAuthConsentsRepository(db: Db): OAuthConsentsRepository {
  return {
    async find(userId, clientId) {
      const row = await db
        .selectFrom('oauth_consents')
        .selectAll()
        .where('user_id', '=', userId)
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      return row
        ? {
            clientId: row.client_id,
            scopes: scopesOf(row.scopes),
            grantedAt: row.granted_at,
            updatedAt: row.updated_at,
          }
        : undefined;
    },

    async listForUser(userId) {
      const rows = await db
        .selectFrom('oauth_consents')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('granted_at', 'desc')
        .execute();
      return rows.map((row) => ({
        clientId: row.client_id,
        scopes: scopesOf(row.scopes),
        grantedAt: row.granted_at,
        updatedAt: row.updated_at,
      }));
    },

    async grant(userId, clientId, scopes, now) {
      // Read-merge-write in one transaction, so two tabs accepting at once both land.
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('oauth_consents')
          .select('scopes')
          .where('user_id', '=', userId)
          .where('client_id', '=', clientId)
          .executeTakeFirst();
        const merged = JSON.stringify([...new Set([...(row ? scopesOf(row.scopes) : []), ...scopes])].sort());
        if (row) {
          await trx
            .updateTable('oauth_consents')
            .set({ scopes: merged, updated_at: now })
            .where('user_id', '=', userId)
            .where('client_id', '=', clientId)
            .execute();
        } else {
          await trx
            .insertInto('oauth_consents')
            .values({
              user_id: userId,
              client_id: clientId,
              scopes: merged,
              granted_at: now,
              updated_at: now,
            })
            .onConflict((oc) =>
              oc.columns(['user_id', 'client_id']).doUpdateSet({ scopes: merged, updated_at: now }),
            )
            .execute();
        }
      });
    },

    async remove(userId, clientId) {
      const result = await db
        .deleteFrom('oauth_consents')
        .where('user_id', '=', userId)
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
