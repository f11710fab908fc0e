import { randomInt } from 'node:crypto';
import type { Selectable } from 'kysely';
import { RetCode, type SiteId } from '@gatehouse/contract';
import type { Db } from '../../db/connect.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { UsersTable } from '../../db/schema.js';
import { ApiError } from '../../lib/api-error.js';

/** An account as the rest of the server sees it (the `users` row, camel-cased and typed). */
export interface Account {
  /** Numeric string, random, 10 digits, > 0 (spec §6); APIs expose it as a number. */
  id: string;
  /** Normalised (trimmed, lower-case). */
  email: string | null;
  /** E.164. */
  mobile: string | null;
  passwordHash: string | null;
  status: 'active' | 'banned' | 'terminated';
  bannedAt: number | null;
  kycLevel: number;
  memberTagKyc: number;
  hasGoogle2fa: boolean;
  lang: string;
  site: SiteId;
  residenceCountry: string | null;
  /** The KYC country (alpha-2), null until verified (modules/compliance sets it with the level). */
  kycCountry: string | null;
  createdAt: number;
}

export interface CreateAccountInput {
  email?: string;
  mobile?: string;
  passwordHash: string;
  lang: string;
  site: SiteId;
  residenceCountry?: string | null;
}

export interface AccountsRepository {
  findById(id: string): Promise<Account | undefined>;
  findByEmail(email: string): Promise<Account | undefined>;
  findByMobile(e164: string): Promise<Account | undefined>;
  /** An e-mail (contains "@") or an E.164 number. */
  findByLoginName(emailOrE164: string): Promise<Account | undefined>;
  /**
   * Insert an account. ApiError(ACCOUNT_EXISTS) when the e-mail or mobile is taken — decided
   * by the unique index, so two concurrent sign-ups of one address yield exactly one account.
   * Pass `trx` to insert inside the caller's transaction.
   */
  create(input: CreateAccountInput, trx?: Db): Promise<Account>;
  setPassword(id: string, passwordHash: string): Promise<void>;
  /**
   * Record the outcome of identity verification (docs/flows/compliance.md): level (0 = none) for
   * `kyc_person_level` and `member_tag.KYC`, and the country. False when there is no such account.
   */
  setKyc(id: string, kyc: { level: number; country: string | null }): Promise<boolean>;
}

type UserRow = Selectable<UsersTable>;

export function toAccount(row: UserRow): Account {
  return {
    id: row.id,
    email: row.email,
    mobile: row.mobile,
    passwordHash: row.password_hash,
    status: row.status,
    bannedAt: row.banned_at,
    kycLevel: Number(row.kyc_level),
    memberTagKyc: Number(row.member_tag_kyc),
    hasGoogle2fa: Number(row.has_google2fa) === 1,
    lang: row.lang,
    site: row.site as SiteId,
    residenceCountry: row.residence_country,
    kycCountry: row.kyc_country ?? null,
    createdAt: row.created_at,
  };
}

/** 10 digits, never starting with 0, so the number form and the text form agree. */
export function newAccountId(): string {
  return String(randomInt(1_000_000_000, 10_000_000_000));
}

/** SQLite (better-sqlite3) and PostgreSQL (pg) report a unique violation differently. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false;
  const code = (err as { code: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function createAccountsRepository(db: Db, opts: { now?: () => number } = {}): AccountsRepository {
  const now = opts.now ?? Date.now;
  // Every login reads one of these: built once (db/prepared-query.ts).
  const byColumn = {
    id: preparedQuery<{ value: string }, UserRow>((p) =>
      db.selectFrom('users').selectAll().where('id', '=', p.value),
    ),
    email: preparedQuery<{ value: string }, UserRow>((p) =>
      db.selectFrom('users').selectAll().where('email', '=', p.value),
    ),
    mobile: preparedQuery<{ value: string }, UserRow>((p) =>
      db.selectFrom('users').selectAll().where('mobile', '=', p.value),
    ),
  };
  const findOne = async (column: 'id' | 'email' | 'mobile', value: string) => {
    const row = (await db.executeQuery(byColumn[column]({ value }))).rows[0];
    return row ? toAccount(row) : undefined;
  };

  return {
    findById: (id) => findOne('id', id),
    findByEmail: (email) => findOne('email', normaliseEmail(email)),
    findByMobile: (e164) => findOne('mobile', e164),
    findByLoginName: (name) =>
      name.includes('@') ? findOne('email', normaliseEmail(name)) : findOne('mobile', name),

    async create(input, trx) {
      const target = trx ?? db;
      if (!input.email && !input.mobile) throw new Error('an account needs an e-mail or a mobile number');
      // A random id collides about once in 9·10^9 draws; look first rather than parse which
      // index a constraint error came from (in a PostgreSQL transaction it would also abort it).
      let id = newAccountId();
      while (await target.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) {
        id = newAccountId();
      }
      const at = now();
      const row: UserRow = {
        id,
        email: input.email ? normaliseEmail(input.email) : null,
        mobile: input.mobile ?? null,
        password_hash: input.passwordHash,
        status: 'active',
        banned_at: null,
        kyc_level: 0,
        member_tag_kyc: 0,
        has_google2fa: 0,
        lang: input.lang,
        site: input.site,
        residence_country: input.residenceCountry ? input.residenceCountry.toUpperCase() : null,
        kyc_country: null,
        created_at: at,
        updated_at: at,
      };
      try {
        await target.insertInto('users').values(row).execute();
      } catch (err) {
        if (isUniqueViolation(err)) throw new ApiError(RetCode.AccountExists);
        throw err;
      }
      return toAccount(row);
    },

    async setPassword(id, passwordHash) {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now() })
        .where('id', '=', id)
        .execute();
    },

    async setKyc(id, kyc) {
      const result = await db
        .updateTable('users')
        .set({
          kyc_level: kyc.level,
          member_tag_kyc: kyc.level > 0 ? 1 : 0,
          kyc_country: kyc.country === null ? null : kyc.country.toUpperCase(),
          updated_at: now(),
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
