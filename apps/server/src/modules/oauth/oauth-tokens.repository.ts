import type { OAuthScope } from '@gatehouse/contract';
import type { Db } from '../../db/connect.js';
import type { OAuthTokensTable } from '../../db/schema.js';
import { hashSecret } from './oauth-secrets.js';

export interface StoredToken {
  kind: 'access' | 'refresh';
  familyId: string;
  clientId: string;
  userId: string;
  scopes: OAuthScope[];
  expiresAt: number;
  usedAt: number | null;
  revokedAt: number | null;
}

export type NewToken = Omit<OAuthTokensTable, 'token_hash' | 'used_at' | 'revoked_at'>;

export interface OAuthTokensRepository {
  insert(token: string, row: NewToken): Promise<void>;
  find(token: string): Promise<StoredToken | undefined>;
  /** Mark a refresh token rotated; true only for the one caller that did (conditional UPDATE). */
  claimRefresh(token: string, now: number): Promise<boolean>;
  revoke(token: string, now: number): Promise<void>;
  revokeFamily(familyId: string, now: number): Promise<number>;
  revokeForUserClient(userId: string, clientId: string, now: number): Promise<number>;
  /** Delete tokens that expired before `before`. */
  purge(before: number): Promise<number>;
}

export function createOAuthTokensRepository(db: Db): OAuthTokensRepository {
  return {
    async insert(token, row) {
      await db
        .insertInto('oauth_tokens')
        .values({ ...row, token_hash: hashSecret(token), used_at: null, revoked_at: null })
        .execute();
    },

    async find(token) {
      const row = await db
        .selectFrom('oauth_tokens')
        .selectAll()
        .where('token_hash', '=', hashSecret(token))
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        kind: row.kind,
        familyId: row.family_id,
        clientId: row.client_id,
        userId: row.user_id,
        scopes: JSON.parse(row.scopes) as OAuthScope[],
        expiresAt: row.expires_at,
        usedAt: row.used_at,
        revokedAt: row.revoked_at,
      };
    },

    async claimRefresh(token, now) {
      const result = await db
        .updateTable('oauth_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', hashSecret(token))
        .where('kind', '=', 'refresh')
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async revoke(token, now) {
      await db
        .updateTable('oauth_tokens')
        .set({ revoked_at: now })
        .where('token_hash', '=', hashSecret(token))
        .where('revoked_at', 'is', null)
        .execute();
    },

    async revokeFamily(familyId, now) {
      const result = await db
        .updateTable('oauth_tokens')
        .set({ revoked_at: now })
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async revokeForUserClient(userId, clientId, now) {
      const result = await db
        .updateTable('oauth_tokens')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('client_id', '=', clientId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async purge(before) {
      const result = await db.deleteFrom('oauth_tokens').where('expires_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
