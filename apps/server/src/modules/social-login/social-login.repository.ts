import type { Selectable } from 'kysely';
import type { SocialProvider } from '@gatehouse/contract';
import type { Db } from '../../db/connect.js';
import type { SocialIdentitiesTable } from '../../db/schema.js';
import { isUniqueViolation } from '../accounts/accounts.repository.js';

/** A verified provider identity: `subject` is the provider's `sub`. */
export interface SocialIdentity {
  provider: SocialProvider;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface SocialBinding extends SocialIdentity {
  userId: string;
  boundAt: number;
}

type Row = Selectable<SocialIdentitiesTable>;

const toBinding = (row: Row): SocialBinding => ({
  provider: row.provider as SocialProvider,
  subject: row.subject,
  userId: row.user_id,
  email: row.email,
  emailVerified: Number(row.email_verified) === 1,
  name: row.display_name,
  boundAt: Number(row.bound_at),
});

/** Why an insert lost: the identity is bound elsewhere, or the account has one of this provider. */
export type SocialInsertOutcome = { ok: true } | { ok: false; taken: 'identity' | 'account' };

export function createSocialLoginRepository(db: Db) {
  const findByIdentity = async (provider: SocialProvider, subject: string) => {
    const row = await db
      .selectFrom('social_identities')
      .selectAll()
      .where('provider', '=', provider)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return row ? toBinding(row) : undefined;
  };

  return {
    findByIdentity,

    async listByUser(userId: string): Promise<SocialBinding[]> {
      const rows = await db
        .selectFrom('social_identities')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('provider')
        .execute();
      return rows.map(toBinding);
    },

    /** Insert a binding; the unique keys decide races (one row per identity, one per account and provider). */
    async insert(userId: string, identity: SocialIdentity, now: number): Promise<SocialInsertOutcome> {
      try {
        await db
          .insertInto('social_identities')
          .values({
            provider: identity.provider,
            subject: identity.subject,
            user_id: userId,
            email: identity.email,
            email_verified: identity.emailVerified ? 1 : 0,
            display_name: identity.name,
            bound_at: now,
            last_login_at: null,
          })
          .execute();
        return { ok: true };
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const holder = await findByIdentity(identity.provider, identity.subject);
        return { ok: false, taken: holder && holder.userId !== userId ? 'identity' : 'account' };
      }
    },

    /** At each login: what the provider says now (a name only comes from Apple once: keep the old). */
    async touch(identity: SocialIdentity, now: number): Promise<void> {
      await db
        .updateTable('social_identities')
        .set((eb) => ({
          email: identity.email,
          email_verified: identity.emailVerified ? 1 : 0,
          display_name: identity.name ?? eb.ref('display_name'),
          last_login_at: now,
        }))
        .where('provider', '=', identity.provider)
        .where('subject', '=', identity.subject)
        .execute();
    },

    /** Delete the account's binding of this provider; false when there was none. */
    async delete(userId: string, provider: SocialProvider): Promise<boolean> {
      const res = await db
        .deleteFrom('social_identities')
        .where('user_id', '=', userId)
        .where('provider', '=', provider)
        .executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },
  };
}

export type SocialLoginRepository = ReturnType<typeof createSocialLoginRepository>;
