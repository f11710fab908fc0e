import path from 'node:path';
import { z } from 'zod';
import { isValidHostName, SITE_IDS, type Environment, type SiteId } from '@gatehouse/contract';
import { DEFAULT_DATA_DIR, DEFAULT_WEB_DIST, SERVER_LOCALES_DIR, WEB_SOURCE_ROOT } from './repo-paths.js';
import { loadCaptchaConfig, type CaptchaConfig } from '../modules/captcha/captcha-config.js';
import { loadSocialConfig, type SocialConfig } from '../modules/social-login/social-config.js';
import {
  DEV_TOOLS_MODES,
  devToolsExposureProblem,
  isLoopbackListen,
  type DevToolsMode,
} from './dev-tools.js';

export type NodeEnv = 'development' | 'production' | 'test';

export type DatabaseConfig =
  | { kind: 'sqlite'; /** A file path, or `:memory:` for a throw-away database. */ file: string }
  | { kind: 'postgres'; url: string };

/** Everything the server reads from its environment, read once and validated at start. */
export interface AppConfig {
  port: number;
  host: string;
  nodeEnv: NodeEnv;
  dataDir: string;
  /** The DATABASE_URL as given (or derived), kept for display with the password masked. */
  databaseUrl: string;
  database: DatabaseConfig;
  /** Short-lived keys and rate limits go to Redis when set; otherwise to the database. */
  redisUrl: string | null;
  /** Production host names per site; the local `*.localhost` names always work besides these. */
  siteDomains: Partial<Record<SiteId, string[]>>;
  /** Host names (besides the current origin) that redirects may target. */
  brandDomains: string[];
  brandName: string;
  /** Public base path of the API, e.g. `/x-api`. Always starts with `/`, never ends with one. */
  apiBase: string;
  /** Folder of the built web app (index.html, assets/, locales/). */
  webDist: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** A request taking this long (ms) or more is logged at warn, in detail (lib/request-log.ts). */
  logSlowMs: number;
  /** Fastify's `trustProxy`: false, true, a list of addresses/CIDRs, or a hop count (as a function). */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** Run migrations and the idempotent seed when the app starts. */
  migrateOnStart: boolean;
  /** Baseline requests per minute per client address on the API (routes may set their own). */
  rateLimitMax: number;
  /** Sign-up code sends per client address per clock hour (registration.service.ts). */
  registerSendsPerAddressHour: number;
  /**
   * PEM private keys for the password transport, per environment; missing ones are generated under
   * dataDir/keys, which loadConfig allows only for a lone development server (SHARED_KEYS).
   */
  passwordKeys: Partial<Record<Environment, string>>;
  /** argon2id cost; never below OWASP's minimum (m=19456 KiB, t=2, p=1). */
  argon2: { memoryKib: number; timeCost: number; parallelism: number };
  /** smtp:// or smtps:// URL; mail goes out through it when set (the outbox is written either way). */
  smtpUrl: string | null;
  /** The From header of outgoing mail. */
  mailFrom: string;
  /** Folder of the web's locale files (`{lng}/{ns}.json`): page descriptions and error messages. */
  localesDir: string;
  /** Folder of the server's mail and SMS texts (`{lng}/mail.json`). */
  mailTextsDir: string;
  /** Where SMS go besides the outbox (modules/delivery/sms-provider.ts). */
  sms: SmsConfig;
  /** App-store links of the download page (`/{lang}/download`); null where the app is not offered. */
  appDownload: { ios: string | null; android: string | null };
  /** Telegram bot, signature checks and widget (modules/telegram, docs/telegram.md). */
  telegram: TelegramConfig;
  /** Captcha scenes, the self-hosted challenge and the vendor keys (modules/captcha, docs/captcha.md). */
  captcha: CaptchaConfig;
  /** Google and Apple sign-in through OpenID Connect (modules/social-login, docs/flows/social-login.md). */
  social: SocialConfig;
  /** Who the development stand-ins answer (config/dev-tools.ts); production has none. */
  devTools: DevToolsMode;
  /** Authenticator 2FA (modules/two-factor, docs/flows/two-factor.md). */
  twoFactor: TwoFactorConfig;
  /** Regions and compliance (modules/compliance, docs/flows/compliance.md). */
  compliance: ComplianceConfig;
}

export interface ComplianceConfig {
  /**
   * A MaxMind-format (GeoIP2 / GeoLite2 Country or City) database file the visitor's country is
   * looked up in when no trusted proxy header says it; null: unknown. Opened on first use.
   */
  geoipDbFile: string | null;
  /**
   * The bearer token of the KYC service's internal call (`POST /internal/kyc/v1/set`); null: the
   * call is off (answers 404) and only the operator CLI sets KYC.
   */
  kycServiceToken: string | null;
}

export interface TwoFactorConfig {
  /**
   * Master key of the authenticator secrets' encryption and the backup codes' keyed hash, or null:
   * development then generates one into DATA_DIR/keys (test: in memory); shared stores and
   * production require it (SHARED_KEYS).
   */
  key: string | null;
  /** How long after the e-mailed request a lost authenticator is removed. */
  unbindDelayMs: number;
}

/** `outbox`: SMS are stored only (read at /dev/outbox); `twilio`: also posted to a Twilio-style gateway. */
export type SmsConfig =
  | { provider: 'outbox' }
  | {
      provider: 'twilio';
      apiBase: string;
      accountSid: string;
      authToken: string;
      from: string;
      timeoutMs: number;
    };

export interface TelegramConfig {
  /**
   * The bot token (`<bot id>:<secret>`), or null. Development and test then generate one (kept
   * under DATA_DIR/keys in development); production without a token turns Telegram off (43007).
   */
  botToken: string | null;
  /** The bot's username, without `@`: the Login Widget's `data-telegram-login`, shown as the brand name. */
  botName: string;
  /** Signed Telegram data older than this (auth_date) is refused. */
  authMaxAgeSec: number;
  /** Which of Telegram's published Ed25519 keys checks the Mini App `signature`. */
  env: 'test' | 'prod';
  /** Mini App init data check: the bot-token HMAC (`hash`), Telegram's Ed25519 `signature`, or both. */
  initDataCheck: 'hmac' | 'ed25519' | 'both';
  /** The Login Widget script the web loads: Telegram's in production, the local stand-in otherwise. */
  widgetScriptUrl: string;
}

export type Env = Readonly<Record<string, string | undefined>>;

/** Thrown when the environment is invalid; the message lists every problem (no values echoed). */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['1', 'true', 'yes', 'on'].includes(v)));

const list = (raw: string | undefined): string[] =>
  (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Loopback by default: `*.localhost` resolves there, and nothing is exposed until asked for.
  HOST: z.string().min(1).default('127.0.0.1'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.string().min(1).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  SITE_DOMAINS: z.string().optional(),
  BRAND_DOMAINS: z.string().optional(),
  BRAND_NAME: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 _-]{0,39}$/, 'letters, digits, space, _ or -; at most 40')
    .default('Gatehouse'),
  API_BASE: z
    .string()
    .regex(/^\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/, 'a path such as /x-api')
    .default('/x-api'),
  WEB_DIST: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  LOG_SLOW_MS: z.coerce.number().int().min(1).default(1000),
  TRUST_PROXY: z.string().optional(),
  MIGRATE_ON_START: flag(true),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  REGISTER_SENDS_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).default(30),
  PASSWORD_RSA_PRIVATE_KEY_PROD: z.string().min(1).optional(),
  PASSWORD_RSA_PRIVATE_KEY_TESTNET: z.string().min(1).optional(),
  PASSWORD_RSA_PRIVATE_KEY_TEST: z.string().min(1).optional(),
  // Upward only: the floors are OWASP's argon2id minimum.
  ARGON2_MEMORY_KIB: z.coerce
    .number()
    .int()
    .min(19456, 'at least 19456 (OWASP minimum)')
    .max(4_194_304)
    .default(19456),
  ARGON2_TIME_COST: z.coerce.number().int().min(2, 'at least 2 (OWASP minimum)').max(100).default(2),
  ARGON2_PARALLELISM: z.coerce.number().int().min(1).max(64).default(1),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).max(320).optional(),
  SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
  SMS_API_BASE: z
    .string()
    .regex(/^https?:\/\/[^\s?#]+[^\s?#/]$/, 'an https:// URL without query or trailing slash')
    .optional(),
  SMS_ACCOUNT_SID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, '8-64 letters, digits, _ or -')
    .optional(),
  SMS_AUTH_TOKEN: z.string().min(16, 'at least 16 characters').max(256).optional(),
  SMS_FROM: z
    .string()
    .regex(
      /^(?:\+[1-9]\d{6,14}|[A-Za-z0-9 ]{1,11})$/,
      'an E.164 number (+447700900123) or a sender id of 1-11 letters/digits',
    )
    .optional(),
  APP_DOWNLOAD_IOS_URL: z
    .string()
    .regex(/^https:\/\/[^\s"'<>]+$/, 'an https:// URL')
    .optional(),
  APP_DOWNLOAD_ANDROID_URL: z
    .string()
    .regex(/^https:\/\/[^\s"'<>]+$/, 'an https:// URL')
    .optional(),
  SMS_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  LOCALES_DIR: z.string().min(1).optional(),
  MAIL_TEXTS_DIR: z.string().min(1).optional(),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/, 'must look like <bot id>:<secret> as BotFather gives it')
    .optional(),
  TELEGRAM_BOT_NAME: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, 'a bot username without @ (5-32 letters, digits, _)')
    .optional(),
  // Telegram's own examples accept a day; an hour keeps a stolen payload useful for less long.
  TELEGRAM_AUTH_MAX_AGE_MIN: z.coerce.number().int().min(1).max(1440).default(60),
  TELEGRAM_ENV: z.enum(['test', 'prod']).default('prod'),
  TELEGRAM_INIT_DATA_CHECK: z.enum(['hmac', 'ed25519', 'both']).default('hmac'),
  TELEGRAM_WIDGET_SCRIPT_URL: z
    .string()
    .regex(/^(?:https:\/\/[^\s"'<>]+|\/[^\s"'<>]*)$/, 'an https:// URL or a path on this server')
    .optional(),
  // Development stand-ins reachable only from this machine unless explicitly opened (config/dev-tools.ts).
  DEV_TOOLS: z.enum(DEV_TOOLS_MODES).default('loopback'),
  TWO_FACTOR_KEY: z.string().min(32, 'at least 32 characters').optional(),
  // A day by default: long enough for the owner to see the mail and stop a removal they did not ask for.
  TWO_FACTOR_UNBIND_DELAY_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  GEOIP_DB_FILE: z.string().min(1).optional(),
  KYC_SERVICE_TOKEN: z.string().min(32, 'at least 32 characters').max(256).optional(),
});

/**
 * Keys that development generates into DATA_DIR/keys when they are not configured. Instances that
 * each generate their own refuse each other's encrypted passwords, captcha solutions and Telegram
 * checks, so wherever instances may be several, or it is production, each must be configured.
 * The value says how to make one (docs/deployment.md "Keys").
 */
export const SHARED_KEYS = {
  PASSWORD_RSA_PRIVATE_KEY_PROD:
    'RSA private key, PEM: openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048',
  PASSWORD_RSA_PRIVATE_KEY_TESTNET:
    'RSA private key, PEM: openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048',
  PASSWORD_RSA_PRIVATE_KEY_TEST:
    'RSA private key, PEM: openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048',
  CAPTCHA_HMAC_KEY: 'at least 32 random characters: openssl rand -hex 32',
  TWO_FACTOR_KEY: 'at least 32 random characters: openssl rand -hex 32',
  TELEGRAM_BOT_TOKEN:
    "the bot's token from @BotFather (outside production any <digits>:<35 characters> drives the simulator)",
} as const;

export type SharedKeyVariable = keyof typeof SHARED_KEYS;

/**
 * Why the shared keys must come from configuration here, or null when a lone development server
 * on SQLite may generate them. A PostgreSQL database or a Redis is there to be shared by instances.
 */
export function sharedKeysRequiredBecause(env: {
  nodeEnv: NodeEnv;
  database: DatabaseConfig;
  redisUrl: string | null;
}): string | null {
  if (env.nodeEnv === 'production') return 'NODE_ENV=production';
  if (env.database.kind === 'postgres') return 'DATABASE_URL is PostgreSQL';
  if (env.redisUrl !== null) return 'REDIS_URL is set';
  return null;
}

/** The shared keys this environment lacks (none when keys may be generated). */
export function missingSharedKeys(env: Env, nodeEnv: NodeEnv, because: string | null): SharedKeyVariable[] {
  if (because === null) return [];
  return (Object.keys(SHARED_KEYS) as SharedKeyVariable[]).filter((name) => {
    // Production without a bot token is a deliberate choice: Telegram is off (43007). Elsewhere
    // Telegram is always on, so a token would be generated, differently on each instance.
    if (name === 'TELEGRAM_BOT_TOKEN' && nodeEnv === 'production') return false;
    return !env[name];
  });
}

function sharedKeysProblem(missing: SharedKeyVariable[], because: string): string {
  const lines = missing.map((name) => `    ${name}: ${SHARED_KEYS[name]}`);
  return [
    `shared keys missing (${because}): every instance must use the same keys, so none is generated`,
    `  into DATA_DIR. Set these variables (\`node scripts/generate-keys.mjs\` prints a set; see`,
    `  docs/deployment.md):`,
    ...lines,
  ].join('\n');
}

function parseSiteDomains(raw: string | undefined, issues: string[]): Partial<Record<SiteId, string[]>> {
  const out: Partial<Record<SiteId, string[]>> = {};
  for (const pair of list(raw)) {
    const eq = pair.indexOf('=');
    const key = eq > 0 ? pair.slice(0, eq).trim() : '';
    const site = SITE_IDS.find((id) => id.toLowerCase() === key.toLowerCase());
    if (!site) {
      issues.push(`SITE_DOMAINS: "${key || pair}" is not a site id (${SITE_IDS.join(', ')})`);
      continue;
    }
    // Several names for one site: `EU=gatehouse.eu|eu.gatehouse.example` or the pair repeated.
    for (const name of pair.slice(eq + 1).split('|')) {
      const domain = name.trim().toLowerCase();
      if (!isValidHostName(domain)) {
        issues.push(`SITE_DOMAINS: "${domain}" for ${site} is not a host name`);
        continue;
      }
      (out[site] ??= []).push(domain);
    }
  }
  return out;
}

function parseTrustProxy(raw: string | undefined): AppConfig['trustProxy'] {
  if (raw === undefined || raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) {
    // A hop count: trust that many proxies in front of us, nearest first.
    const hops = Number(raw);
    return (_address, hop) => hop < hops;
  }
  return raw; // addresses / CIDRs, comma separated; Fastify (proxy-addr) validates them
}

function parseDatabase(url: string, cwd: string, issues: string[]): DatabaseConfig {
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url };
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (file === ':memory:') return { kind: 'sqlite', file };
    if (file) return { kind: 'sqlite', file: path.resolve(cwd, file) };
  }
  issues.push('DATABASE_URL: must be sqlite:<file>, sqlite::memory: or postgres://…');
  return { kind: 'sqlite', file: ':memory:' };
}

const TWILIO_API_BASE = 'https://api.twilio.com/2010-04-01';

/**
 * The SMS gateway settings. Credentials go over https only; plain http is allowed to a loopback
 * host (a local stand-in, as the tests run). Values are never echoed in a problem.
 */
function parseSms(e: z.infer<typeof envSchema>, issues: string[]): SmsConfig {
  if (e.SMS_PROVIDER === 'outbox') {
    const stray = (['SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_API_BASE', 'SMS_FROM'] as const).filter(
      (name) => e[name] !== undefined,
    );
    if (stray.length)
      issues.push(
        `${stray.join(', ')}: set, but SMS_PROVIDER is not; set SMS_PROVIDER=twilio to use the gateway`,
      );
    return { provider: 'outbox' };
  }
  const missing = (['SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'] as const).filter(
    (name) => e[name] === undefined,
  );
  if (missing.length) issues.push(`SMS_PROVIDER=twilio needs ${missing.join(', ')}`);
  const apiBase = e.SMS_API_BASE ?? TWILIO_API_BASE;
  if (!apiBase.startsWith('https://') && !isLoopbackUrl(apiBase))
    issues.push('SMS_API_BASE: must be https:// (plain http only to a loopback host)');
  return {
    provider: 'twilio',
    apiBase,
    accountSid: e.SMS_ACCOUNT_SID ?? '',
    authToken: e.SMS_AUTH_TOKEN ?? '',
    from: e.SMS_FROM ?? '',
    timeoutMs: e.SMS_TIMEOUT_MS,
  };
}

function isLoopbackUrl(raw: string): boolean {
  try {
    const host = new URL(raw).hostname;
    return host === 'localhost' || isLoopbackListen(host);
  } catch {
    return false;
  }
}

/** Hide the password of a connection URL before it is printed anywhere. */
export function maskUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*:)[^@]*@/i, '$1***@');
}

export interface LoadConfigOptions {
  /**
   * False for tools that only reach the database (migrate, oauth:client): they use none of the
   * shared keys, so a deploy job need not be given them. The server always checks them.
   */
  sharedKeys?: boolean;
}

/**
 * Read and validate the environment. Pure apart from resolving relative paths against `cwd`.
 * Throws ConfigError listing every problem at once.
 */
export function loadConfig(
  env: Env,
  cwd: string = process.cwd(),
  options: LoadConfigOptions = {},
): AppConfig {
  const checkKeys = options.sharedKeys ?? true;
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    // The missing keys too, read from the raw values, so one start tells everything to fix.
    const nodeEnv: NodeEnv =
      env['NODE_ENV'] === 'production' || env['NODE_ENV'] === 'test' ? env['NODE_ENV'] : 'development';
    const because = sharedKeysRequiredBecause({
      nodeEnv,
      database: /^postgres(ql)?:\/\//.test(env['DATABASE_URL'] ?? '')
        ? { kind: 'postgres', url: '' }
        : { kind: 'sqlite', file: '' },
      redisUrl: env['REDIS_URL'] ? env['REDIS_URL'] : null,
    });
    const missing = checkKeys ? missingSharedKeys(env, nodeEnv, because) : [];
    if (because !== null && missing.length) lines.push(sharedKeysProblem(missing, because));
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const issues: string[] = [];
  // Development tools must not reach the network by accident (config/dev-tools.ts).
  const exposure = devToolsExposureProblem({
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    devTools: e.DEV_TOOLS,
    configured: (name) => Boolean(env[name]),
  });
  if (exposure) issues.push(exposure);
  const dataDir = e.DATA_DIR ? path.resolve(cwd, e.DATA_DIR) : DEFAULT_DATA_DIR;
  const databaseUrl = e.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'gatehouse.sqlite')}`;
  const database = parseDatabase(databaseUrl, cwd, issues);
  const siteDomains = parseSiteDomains(e.SITE_DOMAINS, issues);
  const brandDomains = list(e.BRAND_DOMAINS).map((d) => d.toLowerCase());
  for (const d of brandDomains) {
    if (!isValidHostName(d)) issues.push(`BRAND_DOMAINS: "${d}" is not a host name`);
  }
  const captcha = loadCaptchaConfig(env, issues);
  const social = loadSocialConfig(env, { nodeEnv: e.NODE_ENV, port: e.PORT }, issues);
  const sms = parseSms(e, issues);
  const redisUrl = e.REDIS_URL ?? null;
  const because = sharedKeysRequiredBecause({ nodeEnv: e.NODE_ENV, database, redisUrl });
  const missing = checkKeys ? missingSharedKeys(env, e.NODE_ENV, because) : [];
  if (because !== null && missing.length) issues.push(sharedKeysProblem(missing, because));
  if (issues.length) throw new ConfigError(`Invalid configuration:\n  ${issues.join('\n  ')}`);

  // Every configured site domain may also be a redirect target.
  const allBrand = new Set([...brandDomains, ...Object.values(siteDomains).flat()]);

  return {
    port: e.PORT,
    host: e.HOST,
    nodeEnv: e.NODE_ENV,
    dataDir,
    databaseUrl,
    database,
    redisUrl,
    siteDomains,
    brandDomains: [...allBrand],
    brandName: e.BRAND_NAME,
    apiBase: e.API_BASE,
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : DEFAULT_WEB_DIST,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    logSlowMs: e.LOG_SLOW_MS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    migrateOnStart: e.MIGRATE_ON_START,
    rateLimitMax: e.RATE_LIMIT_MAX,
    registerSendsPerAddressHour: e.REGISTER_SENDS_PER_ADDRESS_HOUR,
    passwordKeys: {
      ...(e.PASSWORD_RSA_PRIVATE_KEY_PROD ? { prod: e.PASSWORD_RSA_PRIVATE_KEY_PROD } : {}),
      ...(e.PASSWORD_RSA_PRIVATE_KEY_TESTNET ? { testnet: e.PASSWORD_RSA_PRIVATE_KEY_TESTNET } : {}),
      ...(e.PASSWORD_RSA_PRIVATE_KEY_TEST ? { test: e.PASSWORD_RSA_PRIVATE_KEY_TEST } : {}),
    },
    argon2: {
      memoryKib: e.ARGON2_MEMORY_KIB,
      timeCost: e.ARGON2_TIME_COST,
      parallelism: e.ARGON2_PARALLELISM,
    },
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? `"${e.BRAND_NAME}" <no-reply@localhost>`,
    // Production serves the built app, whose locales/ is a copy of the web's public/locales.
    localesDir: e.LOCALES_DIR
      ? path.resolve(cwd, e.LOCALES_DIR)
      : e.NODE_ENV === 'production'
        ? path.join(e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : DEFAULT_WEB_DIST, 'locales')
        : path.join(WEB_SOURCE_ROOT, 'public', 'locales'),
    mailTextsDir: e.MAIL_TEXTS_DIR ? path.resolve(cwd, e.MAIL_TEXTS_DIR) : SERVER_LOCALES_DIR,
    sms,
    appDownload: { ios: e.APP_DOWNLOAD_IOS_URL ?? null, android: e.APP_DOWNLOAD_ANDROID_URL ?? null },
    telegram: {
      botToken: e.TELEGRAM_BOT_TOKEN ?? null,
      botName: e.TELEGRAM_BOT_NAME ?? `${e.BRAND_NAME.replace(/[^A-Za-z0-9_]/g, '')}_local_bot`,
      authMaxAgeSec: e.TELEGRAM_AUTH_MAX_AGE_MIN * 60,
      env: e.TELEGRAM_ENV,
      initDataCheck: e.TELEGRAM_INIT_DATA_CHECK,
      // The real widget only where real Telegram can be reached; the stand-in (dev/telegram-simulator) elsewhere.
      widgetScriptUrl:
        e.TELEGRAM_WIDGET_SCRIPT_URL ??
        (e.NODE_ENV === 'production'
          ? 'https://telegram.org/js/telegram-widget.js?22'
          : '/dev/telegram/telegram-widget.js'),
    },
    captcha,
    social,
    devTools: e.DEV_TOOLS,
    twoFactor: {
      key: e.TWO_FACTOR_KEY ?? null,
      unbindDelayMs: e.TWO_FACTOR_UNBIND_DELAY_HOURS * 3_600_000,
    },
    compliance: {
      geoipDbFile: e.GEOIP_DB_FILE ? path.resolve(cwd, e.GEOIP_DB_FILE) : null,
      kycServiceToken: e.KYC_SERVICE_TOKEN ?? null,
    },
  };
}
