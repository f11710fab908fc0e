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
  /** The regional site signed in to (0085); null for older sessions. */
  site: string | null;
  /** ISO country from the trusted proxy's header at sign-in (0085). */
  country: string | null;
  /** How the session was started: contract `SignInMethod` (0085). */
  method: string | null;
}

/** Sign-in attempts on known accounts (modules/session, 0086), newest 50 shown on the account page. */
export interface SignInHistoryTable {
  /** Random id. */
  id: string;
  user_id: string;
  /** Epoch milliseconds. */
  at: number;
  /** Contract `SignInResult`. */
  result: string;
  /** Contract `SignInMethod`. */
  method: string;
  ip: string | null;
  user_agent: string | null;
  country: string | null;
  site: string | null;
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
  /** KYC country (alpha-2, upper-case), null until verified (migration 0070). */
  kyc_country: string | null;
  created_at: number;
  updated_at: number;
}

/** Devices each account has logged in from (modules/login); a new one needs a login code. */
export interface KnownDeviceTable {
  user_id: string;
  /** The Guid header (device guid cookie, 36 characters). */
  guid: string;
  /** Epoch milliseconds. */
  first_seen_at: number;
  last_seen_at: number;
  user_agent: string | null;
}

/** The trading environment an account last switched to (modules/trade; 1 = demo). */
export interface TradeEnvTable {
  user_id: string;
  env: number;
  /** Epoch milliseconds. */
  switched_at: number;
}

/** Sign-up flows (modules/registration, docs/flows/registration.md). Codes and tokens only hashed. */
export interface RegistrationsTable {
  /** The flow id the client keeps (UUID v4). */
  uuid: string;
  /** `flow`: the uuid calls; `oneshot`: the older UI's calls keyed by identifier. */
  mode: 'flow' | 'oneshot';
  site: string;
  channel: 'email' | 'mobile';
  /** Normalised e-mail or E.164. */
  login_name: string;
  /** Locale messages are written in. */
  lang: string;
  residence_country: string | null;
  residence_subdivision: string | null;
  verify_type: 'code' | 'link';
  /** info → code_sent → verified → done (recall_stage: info, verify, commit_password, commit_login). */
  stage: 'info' | 'code_sent' | 'verified' | 'done';
  /** SHA-256 (hex) of uuid + code; null once used or burnt. */
  code_hash: string | null;
  code_expires_at: number | null;
  /** Verification attempts against the current code. */
  attempts: number;
  /** SHA-256 (hex) of the link token; null once used. */
  link_token_hash: string | null;
  link_expires_at: number | null;
  sends: number;
  last_sent_at: number | null;
  platform: string;
  version: string;
  /** The sign-up channel record (spec §3) as JSON, written to signup_channels on commit. */
  channel_json: string;
  /** Set when done. */
  user_id: string | null;
  /** SHA-256 (hex) of the binding secret of the browser that started the flow (its HttpOnly cookie). */
  binding_hash: string | null;
  created_at: number;
  updated_at: number;
  expires_at: number;
}

/** The register payload's channel record of each account (spec §3). */
export interface SignupChannelsTable {
  user_id: string;
  site: string;
  platform: string;
  regist_channel: string | null;
  url: string | null;
  user_code: string | null;
  affiliate_id: string | null;
  /** client_id of the OAuth flow that led here, or "not_found". */
  oauth_tmp_login_id: string | null;
  /** JSON: tg_source, eu_subscription (1/0), is_manual_input. */
  ext_json: string | null;
  /** JSON: the UTM and referral query fields (medium, source, campaign, ref, brokerId…). */
  utm_json: string | null;
  created_at: number;
  /** ext_json.tg_source, as a column (migration 0075). */
  tg_source: string | null;
  /** ext_json.is_manual_input 1/0: the referral code was typed rather than carried by a link. */
  is_manual_input: number | null;
}

/** Every account's own invite code (modules/channels). */
export interface ReferralCodesTable {
  user_id: string;
  /** Upper-case, unique (REFERRAL_CODE_PATTERN). */
  code: string;
  created_at: number;
}

/** Affiliates and brokers an operator manages (`npm run channels`). */
export interface ChannelPartnersTable {
  kind: 'affiliate' | 'broker';
  id: string;
  nickname: string;
  headimg: string;
  signature: string;
  content: string;
  /** JSON list of {id?, content, type}. */
  group_info: string;
  /** 0/1. */
  anonymous: number;
  /** 0/1. */
  disabled: number;
  created_at: number;
  updated_at: number;
}

/** The fiat partner's sign-up outcome per account and channel (modules/channels, migration 0076). */
export interface PartnerRegistrationsTable {
  user_id: string;
  channel: string;
  uuid: string;
  status: string;
  created_at: number;
  updated_at: number;
}

/** Who brought each account, decided once at creation (modules/channels). */
export interface SignupAttributionsTable {
  user_id: string;
  /** 0 normal, 1 affiliate, 2 referral, 3 broker. */
  scene: number;
  code: string | null;
  /** 0/1: the code matched an account, affiliate or broker. */
  code_known: number;
  inviter_user_id: string | null;
  affiliate_id: string | null;
  group_id: string | null;
  group_type: string | null;
  broker_id: string | null;
  created_at: number;
}

/** Registered OAuth clients (modules/oauth, `npm run oauth:client`). */
export interface OAuthClientsTable {
  client_id: string;
  /** SHA-256 (hex) of the client secret; null for public clients. */
  secret_hash: string | null;
  /** 0/1: public clients (no secret) authenticate by PKCE alone. */
  is_public: number;
  name: string;
  logo_url: string | null;
  /** JSON array of exact redirect URIs. */
  redirect_uris: string;
  /** JSON array of exact post-logout targets. */
  post_logout_redirect_uris: string;
  /** JSON array of the scopes this client may ask for. */
  scopes: string;
  created_at: number;
}

/** Scopes each user granted each client (modules/oauth). */
export interface OAuthConsentsTable {
  user_id: string;
  client_id: string;
  /** JSON array, sorted. */
  scopes: string;
  granted_at: number;
  updated_at: number;
}

/** Authorization codes (modules/oauth). Only the code's hash is stored. */
export interface OAuthCodesTable {
  /** SHA-256 (hex) of the code. */
  code_hash: string;
  /** Shared by every token this code leads to. */
  family_id: string;
  client_id: string;
  user_id: string;
  redirect_uri: string;
  /** JSON array. */
  scopes: string;
  /** PKCE S256 challenge. */
  code_challenge: string;
  /** The issuer (site origin) that issued it; the token endpoint must be on the same one. */
  issuer: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Opaque OAuth access and refresh tokens (modules/oauth). Only hashes are stored. */
export interface OAuthTokensTable {
  /** SHA-256 (hex) of the token. */
  token_hash: string;
  kind: 'access' | 'refresh';
  family_id: string;
  client_id: string;
  user_id: string;
  /** JSON array. */
  scopes: string;
  created_at: number;
  expires_at: number;
  /** Refresh tokens: when it was rotated (a second use is a reuse). */
  used_at: number | null;
  revoked_at: number | null;
}

/**
 * One per token family: an authorization code and every token it led to (modules/oauth). Issuing
 * into a family and revoking it lock this row first, so the two cannot miss each other.
 */
export interface OAuthFamiliesTable {
  family_id: string;
  client_id: string;
  user_id: string;
  created_at: number;
  /** Kept until then: past the code's replay window and the family's last token. */
  expires_at: number;
  /** Set once: a replayed code, a reused refresh token, a revoked app or refresh token. */
  revoked_at: number | null;
}

/** Telegram ↔ account bindings (modules/telegram): telegram_id and user_id are each unique. */
export interface TelegramBindingsTable {
  /** Telegram user id (numeric, as text). */
  telegram_id: string;
  user_id: string;
  username: string | null;
  first_name: string;
  last_name: string | null;
  photo_url: string | null;
  /** 0/1: the user allowed the bot to message them (Mini App link-authorisation checkbox). */
  allow_bot_messages: number;
  /** Epoch milliseconds. */
  bound_at: number;
  updated_at: number;
}

/** Mini App task completions (modules/telegram), once per account, campaign and task. */
export interface TelegramTaskCompletionsTable {
  user_id: string;
  campaign_id: string;
  task_id: string;
  telegram_id: string;
  /** Epoch milliseconds. */
  completed_at: number;
}

/** One row per banned account (modules/bans, migration 0063); `users.status` mirrors it. */
export interface AccountBansTable {
  user_id: string;
  /** The operator's note; never shown to the user. */
  reason: string;
  /** Epoch ms: the `baned_time` the ban screens show and the 24 h self-unblock window counts from. */
  banned_at: number;
  /** Epoch ms; null: until lifted. A ban past its end no longer blocks. */
  banned_until: number | null;
  /** 0/1: whether the user may lift it on /self-unblock (from 24 h after banned_at). */
  self_help: number;
  created_at: number;
}

/** Accounts with an authenticator bound (modules/two-factor); `users.has_google2fa` mirrors a row here. */
export interface TwoFactorTotpTable {
  user_id: string;
  /** `v1.<iv>.<sealed>.<tag>` (base64url): AES-256-GCM of the base32 secret (two-factor-key.ts). */
  secret_enc: string;
  /** Epoch milliseconds. */
  enabled_at: number;
  /** The newest RFC 6238 time step a code was accepted for (replay guard), or null. */
  last_step: number | null;
  /** Lost device: when the e-mailed removal was confirmed, and when it takes effect; null otherwise. */
  unbind_requested_at: number | null;
  unbind_effective_at: number | null;
}

/** Backup codes (modules/two-factor): keyed hashes only, each used once. */
export interface TwoFactorBackupCodesTable {
  user_id: string;
  /** HMAC-SHA-256 (base64url) of the normalised code under the 2FA key (ADR 0020). */
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

/** Passkeys (modules/passkeys): WebAuthn credentials, per account and site host. */
export interface PasskeysTable {
  /** The credential id, base64url. */
  id: string;
  user_id: string;
  /** The host the passkey was registered on (its WebAuthn RP ID). */
  rp_id: string;
  /** COSE public key, base64url. */
  public_key: string;
  sign_count: number;
  /** JSON array of transports, or null. */
  transports: string | null;
  name: string;
  /** 0/1. */
  backed_up: number;
  aaguid: string;
  created_at: number;
  last_used_at: number | null;
}

/** Google / Apple identities bound to accounts (modules/social-login, migration 0090). */
export interface SocialIdentitiesTable {
  /** `google` or `apple`. */
  provider: string;
  /** The provider's `sub`: the identity, stable and never reassigned. */
  subject: string;
  user_id: string;
  /** What the provider said at the last login; shown in the dashboard, never used to link. */
  email: string | null;
  /** 0/1. */
  email_verified: number;
  display_name: string | null;
  /** Epoch milliseconds. */
  bound_at: number;
  last_login_at: number | null;
}

export interface Database {
  web_config: WebConfigTable;
  kv_entries: KvEntryTable;
  outbox: OutboxTable;
  sessions: SessionTable;
  sign_in_history: SignInHistoryTable;
  users: UsersTable;
  account_bans: AccountBansTable;
  registrations: RegistrationsTable;
  signup_channels: SignupChannelsTable;
  referral_codes: ReferralCodesTable;
  channel_partners: ChannelPartnersTable;
  signup_attributions: SignupAttributionsTable;
  partner_registrations: PartnerRegistrationsTable;
  known_devices: KnownDeviceTable;
  trade_env: TradeEnvTable;
  oauth_clients: OAuthClientsTable;
  oauth_consents: OAuthConsentsTable;
  oauth_families: OAuthFamiliesTable;
  oauth_codes: OAuthCodesTable;
  oauth_tokens: OAuthTokensTable;
  telegram_bindings: TelegramBindingsTable;
  telegram_task_completions: TelegramTaskCompletionsTable;
  two_factor_totp: TwoFactorTotpTable;
  two_factor_backup_codes: TwoFactorBackupCodesTable;
  passkeys: PasskeysTable;
  social_identities: SocialIdentitiesTable;
}
