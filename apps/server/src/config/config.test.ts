import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, maskUrl } from './config.js';
import { DEFAULT_DATA_DIR, DEFAULT_WEB_DIST } from './repo-paths.js';

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
        TRUST_PROXY: 'true',
        MIGRATE_ON_START: 'false',
        RATE_LIMIT_MAX: '50',
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

describe('maskUrl', () => {
  it('hides the password of a connection URL', () => {
    expect(maskUrl('postgres://gh:secret@db:5432/x')).toBe('postgres://gh:***@db:5432/x');
    expect(maskUrl('redis://:secret@cache:6379')).toBe('redis://:***@cache:6379');
    expect(maskUrl('sqlite:/data/x.sqlite')).toBe('sqlite:/data/x.sqlite');
  });
});
