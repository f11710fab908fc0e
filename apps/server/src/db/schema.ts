/**
 * Kysely table types. Each module adds its tables here (one interface per table, named
 * `<Name>Table`, plus a line in `Database`), next to the migration that creates them.
 *
 * Portability rules (SQLite and PostgreSQL), see docs/adr/0006-portable-schema.md:
 * - ids are text (UUIDs or random tokens made by the server), never auto-increment;
 * - timestamps are integer epoch milliseconds in `bigint` columns, read as JS numbers;
 * - booleans are integers 0/1; structured values are JSON in text columns.
 */

/** Named configuration values served by `POST /v3/config/web` (spec §3 "Web config entries"). */
export interface WebConfigTable {
  name: string;
  /** JSON text. */
  value: string;
  /** Epoch milliseconds. */
  updated_at: number;
}

/** Short-lived keys when no Redis is configured (see plugins/kv). */
export interface KvEntryTable {
  key: string;
  value: string;
  /** Epoch milliseconds, or null for no expiry. */
  expires_at: number | null;
}

/** Every mail and SMS sent (modules/delivery); the dev outbox page reads it. */
export interface OutboxTable {
  id: string;
  channel: 'email' | 'sms';
  /** Normalised e-mail address or E.164 number. */
  recipient: string;
  /** What the message is for, e.g. `register-code` (DeliveryKind). */
  kind: string;
  locale: string;
  /** Null for SMS. */
  subject: string | null;
  body: string;
  /** The one-time code the message carries, if any (so tests need not parse the text). */
  code: string | null;
  /** The link the message carries, if any. */
  link: string | null;
  /** `stored` (outbox only), `sent` (handed to SMTP or the SMS provider) or `failed`. */
  status: 'stored' | 'sent' | 'failed';
  /** Epoch milliseconds. */
  created_at: number;
}

/** Login sessions (modules/session). Only the token's hash is stored. */
export interface SessionTable {
  /** SHA-256 (hex) of the session token. */
  id: string;
  user_id: string;
  /** Epoch milliseconds. */
  created_at: number;
  /** Last time the session was used (updated at most once a minute). */
  last_seen_at: number;
  /** Absolute end, whatever the activity. */
  expires_at: number;
  /** Inactivity allowed before the session lapses. */
  idle_timeout_ms: number;
  user_agent: string | null;
  ip: string | null;
  revoked_at: number | null;
}

/** Accounts (modules/accounts). E-mail and mobile each have a unique index. */
export interface UsersTable {
  /** Random 10-digit number as text (APIs expose it as a number; spec §6 "id greater than 0"). */
  id: string;
  /** Normalised (trimmed, lower-case) e-mail, or null for a mobile-only account. */
  email: string | null;
  /** E.164 number, or null for an e-mail-only account. */
  mobile: string | null;
  /** argon2id PHC string; null for accounts without a password (third-party sign-up). */
  password_hash: string | null;
  status: 'active' | 'banned' | 'terminated';
  banned_at: number | null;
  kyc_level: number;
  member_tag_kyc: number;
  /** 0/1. */
  has_google2fa: number;
  lang: string;
  /** SiteId the account signed up on. */
  site: string;
  /** ISO 3166-1 alpha-2, upper-case. */
  residence_country: string | null;
  /** Consecutive wrong passwords (login). */
  pass_err_count: number;
  /** Epoch milliseconds until which password login is refused, or null. */
  locked_until: number | null;
  created_at: number;
  updated_at: number;
}

export interface Database {
  web_config: WebConfigTable;
  kv_entries: KvEntryTable;
  outbox: OutboxTable;
  sessions: SessionTable;
  users: UsersTable;
}
