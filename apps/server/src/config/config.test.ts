import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, maskUrl, SHARED_KEYS } from './config.js';
import { DEFAULT_DATA_DIR, DEFAULT_WEB_DIST } from './repo-paths.js';

/** Stand-ins: loadConfig checks that shared keys are set; their plugins check what they hold. */
const KEYS = {
  PASSWORD_RSA_PRIVATE_KEY_PROD: 'pem-prod',
  PASSWORD_RSA_PRIVATE_KEY_TESTNET: 'pem-testnet',
  PASSWORD_RSA_PRIVATE_KEY_TEST: 'pem-test',
  CAPTCHA_HMAC_KEY: 'k'.repeat(64),
  TWO_FACTOR_KEY: 't'.repeat(64),
  TELEGRAM_BOT_TOKEN: '123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
};

describe('loadConfig', () => {
  it('has safe defaults for an empty environment', () => {
    const c = loadConfig({}, '/srv');
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      nodeEnv: 'development',
      dataDir: DEFAULT_DATA_DIR,
      database: { kind: 'sqlite', file: path.join(DEFAULT_DATA_DIR, 'gatehouse.sqlite') },
      redisUrl: null,
      siteDomains: {},
      brandDomains: [],
      brandName: 'Gatehouse',
      apiBase: '/x-api',
      webDist: DEFAULT_WEB_DIST,
      logLevel: 'info',
      logSlowMs: 1000,
      trustProxy: false,
      migrateOnStart: true,
    });
  });

  it('resolves the repository paths to apps/web/dist and <repo>/data', () => {
    expect(DEFAULT_WEB_DIST.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
    expect(path.dirname(DEFAULT_DATA_DIR)).toBe(path.resolve(DEFAULT_WEB_DIST, '../../..'));
  });

  it('reads every variable', () => {
    const c = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        NODE_ENV: 'production',
        DATA_DIR: 'var/data',
        DATABASE_URL: 'postgres://gh:secret@db:5432/gatehouse',
        REDIS_URL: 'redis://cache:6379',
        SITE_DOMAINS: 'global=gatehouse.example, EU=gatehouse.eu|eu.gatehouse.example,tur=Gatehouse.TR',
        BRAND_DOMAINS: 'gatehouse.example,Static.Gatehouse.Example',
        BRAND_NAME: 'Acme',
        API_BASE: '/api',
        WEB_DIST: 'web',
        LOG_LEVEL: 'warn',
        LOG_SLOW_MS: '250',
        TRUST_PROXY: 'true',
        MIGRATE_ON_START: 'false',
        RATE_LIMIT_MAX: '50',
        ...KEYS,
      },
      '/srv',
    );
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      nodeEnv: 'production',
      dataDir: '/srv/var/data',
      database: { kind: 'postgres', url: 'postgres://gh:secret@db:5432/gatehouse' },
      redisUrl: 'redis://cache:6379',
      siteDomains: {
        global: ['gatehouse.example'],
        EU: ['gatehouse.eu', 'eu.gatehouse.example'],
        TUR: ['gatehouse.tr'],
      },
      brandName: 'Acme',
      apiBase: '/api',
      webDist: '/srv/web',
      logLevel: 'warn',
      logSlowMs: 250,
      trustProxy: true,
      migrateOnStart: false,
      rateLimitMax: 50,
    });
    // Site domains are redirect targets too.
    expect(c.brandDomains).toEqual([
      'gatehouse.example',
      'static.gatehouse.example',
      'gatehouse.eu',
      'eu.gatehouse.example',
      'gatehouse.tr',
    ]);
  });

  it('derives the SQLite file from DATA_DIR and accepts sqlite: URLs', () => {
    expect(loadConfig({ DATA_DIR: '/d' }).database).toEqual({ kind: 'sqlite', file: '/d/gatehouse.sqlite' });
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).database).toEqual({
      kind: 'sqlite',
      file: ':memory:',
    });
    expect(loadConfig({ DATABASE_URL: 'sqlite:db.sqlite' }, '/w').database).toEqual({
      kind: 'sqlite',
      file: '/w/db.sqlite',
    });
    expect(loadConfig({ DATABASE_URL: 'sqlite:///abs/db.sqlite' }).database).toEqual({
      kind: 'sqlite',
      file: '/abs/db.sqlite',
    });
  });

  it('reads a proxy hop count as a trust function', () => {
    const trust = loadConfig({ TRUST_PROXY: '1' }).trustProxy;
    expect(typeof trust).toBe('function');
    if (typeof trust !== 'function') return;
    expect(trust('10.0.0.1', 0)).toBe(true);
    expect(trust('10.0.0.2', 1)).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

  it('keeps logs quiet in tests unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
    expect(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
  });

  it.each([
    [{ PORT: 'http' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ SITE_DOMAINS: 'mars=gatehouse.mars' }, 'SITE_DOMAINS'],
    [{ SITE_DOMAINS: 'EU=not a host' }, 'SITE_DOMAINS'],
    [{ BRAND_DOMAINS: 'https://x.example' }, 'BRAND_DOMAINS'],
    [{ API_BASE: 'x-api' }, 'API_BASE'],
    [{ API_BASE: '/x-api/' }, 'API_BASE'],
    [{ BRAND_NAME: '<script>' }, 'BRAND_NAME'],
    [{ MIGRATE_ON_START: 'maybe' }, 'MIGRATE_ON_START'],
  ])('rejects %j', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });

  it('does not echo a database password in its errors', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u:hunter2@h/db' })).not.toThrow(/hunter2/);
  });
});

describe('shared keys', () => {
  const message = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    return 'started';
  };
  const PASSWORD_AND_CAPTCHA = [
    'PASSWORD_RSA_PRIVATE_KEY_PROD',
    'PASSWORD_RSA_PRIVATE_KEY_TESTNET',
    'PASSWORD_RSA_PRIVATE_KEY_TEST',
    'CAPTCHA_HMAC_KEY',
    'TWO_FACTOR_KEY',
  ];

  it('lets a lone development server on SQLite generate them into DATA_DIR', () => {
    expect(message({})).toBe('started');
    expect(message({ NODE_ENV: 'test', DATABASE_URL: 'sqlite::memory:' })).toBe('started');
  });

  it.each([
    [{ NODE_ENV: 'production' }, 'NODE_ENV=production', PASSWORD_AND_CAPTCHA],
    [
      { DATABASE_URL: 'postgres://db/gatehouse' },
      'DATABASE_URL is PostgreSQL',
      [...PASSWORD_AND_CAPTCHA, 'TELEGRAM_BOT_TOKEN'],
    ],
    [
      { NODE_ENV: 'test', REDIS_URL: 'redis://cache:6379' },
      'REDIS_URL is set',
      [...PASSWORD_AND_CAPTCHA, 'TELEGRAM_BOT_TOKEN'],
    ],
  ])('refuses %j without them, naming every missing one and how to make it', (env, because, names) => {
    const text = message(env);
    expect(text).toContain(because);
    expect(text).toContain('docs/deployment.md');
    for (const name of names)
      expect(text).toContain(`${name}: ${SHARED_KEYS[name as keyof typeof SHARED_KEYS]}`);
    expect(text).toContain('openssl genpkey -algorithm RSA');
    expect(text).toContain('openssl rand -hex 32');
    // Production may run without Telegram (a missing token turns it off); nothing else is optional.
    if (!names.includes('TELEGRAM_BOT_TOKEN')) expect(text).not.toContain('TELEGRAM_BOT_TOKEN');
  });

  it('names only the missing ones, with the other problems, and echoes no key', () => {
    const text = message({
      NODE_ENV: 'production',
      PORT: 'http',
      PASSWORD_RSA_PRIVATE_KEY_PROD: 'secret-pem-value',
      CAPTCHA_HMAC_KEY: 'h'.repeat(40),
    });
    expect(text).toContain('PORT');
    expect(text).not.toMatch(/PASSWORD_RSA_PRIVATE_KEY_PROD|CAPTCHA_HMAC_KEY|secret-pem-value|hhhh/);
    expect(text).toContain('PASSWORD_RSA_PRIVATE_KEY_TESTNET');
    expect(text).toContain('PASSWORD_RSA_PRIVATE_KEY_TEST:');
  });

  it('leaves them out for database-only tools that ask so', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }, '/', { sharedKeys: false })).not.toThrow();
  });

  it('starts once every key is configured, and counts an empty value as missing', () => {
    expect(message({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/g', ...KEYS })).toBe('started');
    expect(message({ DATABASE_URL: 'postgres://db/g', REDIS_URL: 'redis://c', ...KEYS })).toBe('started');
    expect(message({ NODE_ENV: 'production', ...KEYS, CAPTCHA_HMAC_KEY: '' })).toContain('CAPTCHA_HMAC_KEY');
  });
});

describe('maskUrl', () => {
  it('hides the password of a connection URL', () => {
    expect(maskUrl('postgres://gh:secret@db:5432/x')).toBe('postgres://gh:***@db:5432/x');
    expect(maskUrl('redis://:secret@cache:6379')).toBe('redis://:***@cache:6379');
    expect(maskUrl('sqlite:/data/x.sqlite')).toBe('sqlite:/data/x.sqlite');
  });
});
