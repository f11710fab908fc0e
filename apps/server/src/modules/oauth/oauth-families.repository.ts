import type { Db } from '../../db/connect.js';
import type { OAuthFamiliesTable } from '../../db/schema.js';
import { createOAuthCodesRepository, type OAuthCodesRepository } from './oauth-codes.repository.js';
import { createOAuthTokensRepository, type OAuthTokensRepository } from './oauth-tokens.repository.js';

export interface StoredFamily {
  familyId: string;
  clientId: string;
  userId: string;
  expiresAt: number;
  revokedAt: number | null;
}

/** What may be done while holding a family's lock: all of it inside the one transaction. */
export interface LockedFamily {
  /** The family row, or undefined when there is none (then nothing may be issued into it). */
  family: StoredFamily | undefined;
  codes: OAuthCodesRepository;
  tokens: OAuthTokensRepository;
  /** Mark the family revoked and revoke every token in it. */
  revoke(at: number): Promise<number>;
  /** Keep the family row at least until `until` (the expiry of a token just issued into it). */
  extend(until: number): Promise<void>;
}

export interface OAuthFamiliesRepository {
  create(row: Omit<OAuthFamiliesTable, 'revoked_at'>): Promise<void>;
  /**
   * Run `fn` in one transaction that first takes the family row's lock. Everything that issues
   * tokens into a family or revokes it goes through here, so on any store and any instance they
   * happen one after the other: a revocation either finds the issued tokens committed, or the
   * issuer finds the family revoked. `fn` must use only what it is given (on SQLite the
   * transaction holds the one connection; another query through the app's `db` would wait forever).
   * Whatever `fn` returns is committed; a throw rolls it all back.
   */
  withLock<T>(familyId: string, fn: (locked: LockedFamily) => Promise<T>): Promise<T>;
  /** Revoke a family and its tokens (under its lock). */
  revoke(familyId: string, at: number): Promise<number>;
  /** Revoke every family, and so every token, of a user for a client; the number of tokens revoked. */
  revokeForUserClient(userId: string, clientId: string, at: number): Promise<number>;
  /** Delete families kept until before `before`. */
  purge(before: number): Promise<number>;
}

export function createOAuthFamiliesRepository(db: Db): OAuthFamiliesRepository {
  const repo: OAuthFamiliesRepository = {
    async create(row) {
      await db
        .insertInto('oauth_families')
        .values({ ...row, revoked_at: null })
        .execute();
    },

    withLock(familyId, fn) {
      return db.transaction().execute(async (trx) => {
        // A no-op UPDATE rather than SELECT … FOR UPDATE: the same statement locks the row on
        // PostgreSQL (a concurrent one waits for our commit, then reads the row as committed) and
        // on SQLite starts the write at once, so this transaction never has to upgrade a read lock.
        const row = await trx
          .updateTable('oauth_families')
          .set((eb) => ({ revoked_at: eb.ref('revoked_at') }))
          .where('family_id', '=', familyId)
          .returningAll()
          .executeTakeFirst();
        const tokens = createOAuthTokensRepository(trx);
        return fn({
          family: row && {
            familyId: row.family_id,
            clientId: row.client_id,
            userId: row.user_id,
            expiresAt: row.expires_at,
            revokedAt: row.revoked_at,
          },
          codes: createOAuthCodesRepository(trx),
          tokens,
          async revoke(at) {
            await trx
              .updateTable('oauth_families')
              .set({ revoked_at: at })
              .where('family_id', '=', familyId)
              .where('revoked_at', 'is', null)
              .execute();
            return tokens.revokeFamily(familyId, at);
          },
          async extend(until) {
            await trx
              .updateTable('oauth_families')
              .set({ expires_at: until })
              .where('family_id', '=', familyId)
              .where('expires_at', '<', until)
              .execute();
          },
        });
      });
    },

    revoke(familyId, at) {
      return repo.withLock(familyId, (locked) => locked.revoke(at));
    },

    revokeForUserClient(userId, clientId, at) {
      return db.transaction().execute(async (trx) => {
        // Families first (their locks wait for issuers in flight), then the tokens: a statement
        // started after the families are marked sees every token those issuers committed.
        await trx
          .updateTable('oauth_families')
          .set({ revoked_at: at })
          .where('user_id', '=', userId)
          .where('client_id', '=', clientId)
          .where('revoked_at', 'is', null)
          .execute();
        return createOAuthTokensRepository(trx).revokeForUserClient(userId, clientId, at);
      });
    },

    async purge(before) {
      const result = await db
        .deleteFrom('oauth_families')
        .where('expires_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
  return repo;
}
