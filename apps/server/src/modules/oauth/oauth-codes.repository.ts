import type { OAuthScope } from '@gatehouse/contract';
import type { Db } from '../../db/connect.js';
import type { OAuthCodesTable } from '../../db/schema.js';
import { hashSecret } from './oauth-secrets.js';

export interface StoredCode {
  familyId: string;
  clientId: string;
  userId: string;
  redirectUri: string;
  scopes: OAuthScope[];
  codeChallenge: string;
  issuer: string;
  expiresAt: number;
  usedAt: number | null;
}

export interface OAuthCodesRepository {
  insert(code: string, row: Omit<OAuthCodesTable, 'code_hash' | 'used_at'>): Promise<void>;
  find(code: string): Promise<StoredCode | undefined>;
  /**
   * Mark the code used. True only for the one caller that flipped it (a single conditional
   * UPDATE), so two concurrent redemptions cannot both win.
   */
  claim(code: string, now: number): Promise<boolean>;
  /** Unused codes of a user for a client are void once the user revokes the app. */
  deleteForUserClient(userId: string, clientId: string): Promise<void>;
  /** Delete codes that expired before `before`. */
  purge(before: number): Promise<number>;
}

export function createOAuthCodesRepository(db: Db): OAuthCodesRepository {
  return {
    async insert(code, row) {
      await db
        .insertInto('oauth_codes')
        .values({ ...row, code_hash: hashSecret(code), used_at: null })
        .execute();
    },

    async find(code) {
      const row = await db
        .selectFrom('oauth_codes')
        .selectAll()
        .where('code_hash', '=', hashSecret(code))
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        familyId: row.family_id,
        clientId: row.client_id,
        userId: row.user_id,
        redirectUri: row.redirect_uri,
        scopes: JSON.parse(row.scopes) as OAuthScope[],
        codeChallenge: row.code_challenge,
        issuer: row.issuer,
        expiresAt: row.expires_at,
        usedAt: row.used_at,
      };
    },

    async claim(code, now) {
      const result = await db
        .updateTable('oauth_codes')
        .set({ used_at: now })
        .where('code_hash', '=', hashSecret(code))
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async deleteForUserClient(userId, clientId) {
      await db
        .deleteFrom('oauth_codes')
        .where('user_id', '=', userId)
        .where('client_id', '=', clientId)
        .where('used_at', 'is', null)
        .execute();
    },

    async purge(before) {
      const result = await db.deleteFrom('oauth_codes').where('expires_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
