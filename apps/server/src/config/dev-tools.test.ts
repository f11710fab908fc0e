import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import {
  DEV_TOOLS_NETWORK_WARNING,
  devToolsExposureProblem,
  devToolsNotice,
  isLoopbackAddress,
  isLoopbackListen,
} from './dev-tools.js';

// Shaped like BotFather's tokens; made up.
const BOT_TOKEN = '1234567890:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const SMTP_URL = 'smtp://mailer:secret@smtp.example.com:587';

/** The error loadConfig throws for `env`, or null when it accepts it. */
function refusal(env: Record<string, string>): string | null {
  try {
    loadConfig({ DATABASE_URL: 'sqlite::memory:', ...env });
    return null;
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
}

describe('loopback addresses', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['::1', true],
    ['0:0:0:0:0:0:0:1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['203.0.113.5', false],
    ['::ffff:203.0.113.5', false],
    ['10.0.0.1', false],
    ['0.0.0.0', false],
    ['::', false],
    ['fe80::1', false],
    ['128.0.0.1', false],
    ['localhost', false], // a name, not a peer address
    ['', false],
    [undefined, false],
  ])('%s → %s', (address, loopback) => {
    expect(isLoopbackAddress(address)).toBe(loopback);
  });

  it('listen addresses: loopback ones and the name localhost only', () => {
    for (const host of ['127.0.0.1', 'localhost', 'LOCALHOST', '::1', '[::1]', '127.0.0.2']) {
      expect(isLoopbackListen(host)).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'gatehouse.example', '::ffff:0.0.0.0']) {
      expect(isLoopbackListen(host)).toBe(false);
    }
  });
});

describe('start refusal: development tools beside real credentials on the network', () => {
  it.each([
    ['0.0.0.0', { TELEGRAM_BOT_TOKEN: BOT_TOKEN }, 'TELEGRAM_BOT_TOKEN'],
    ['::', { SMTP_URL }, 'SMTP_URL'],
    ['192.168.1.20', { TELEGRAM_BOT_TOKEN: BOT_TOKEN, SMTP_URL }, 'TELEGRAM_BOT_TOKEN, SMTP_URL'],
  ])('HOST=%s with %o in development is refused, naming the way out', (host, creds, named) => {
    const message = refusal({ NODE_ENV: 'development', HOST: host, ...creds });
    expect(message).toContain(`HOST=${host}`);
    expect(message).toContain(named);
    expect(message).toContain('NODE_ENV=production');
    expect(message).toContain('DEV_TOOLS=network');
    // Names the variables, never echoes their values.
    expect(message).not.toContain(BOT_TOKEN);
    expect(message).not.toContain('secret');
  });

  it('refuses under NODE_ENV=test too (the tools are there as well)', () => {
    expect(refusal({ NODE_ENV: 'test', HOST: '0.0.0.0', SMTP_URL })).toContain('SMTP_URL');
  });

  it('is listed with the other problems, not instead of them', () => {
    const message = refusal({
      NODE_ENV: 'development',
      HOST: '0.0.0.0',
      SMTP_URL,
      BRAND_DOMAINS: 'not a host',
    });
    expect(message).toContain('SMTP_URL');
    expect(message).toContain('BRAND_DOMAINS');
  });

  it('starts with an explicit DEV_TOOLS, on loopback, or without real credentials', () => {
    const creds = { TELEGRAM_BOT_TOKEN: BOT_TOKEN, SMTP_URL };
    expect(refusal({ HOST: '0.0.0.0', DEV_TOOLS: 'network', ...creds })).toBeNull();
    expect(refusal({ HOST: '0.0.0.0', DEV_TOOLS: 'off', ...creds })).toBeNull();
    for (const host of ['127.0.0.1', 'localhost', '::1'])
      expect(refusal({ HOST: host, ...creds })).toBeNull();
    // A colleague may try the development build on the network: the tools stay loopback-only.
    expect(refusal({ HOST: '0.0.0.0' })).toBeNull();
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:', HOST: '0.0.0.0' }).devTools).toBe('loopback');
  });

  it('refuses an unknown DEV_TOOLS value', () => {
    expect(refusal({ DEV_TOOLS: 'everyone' })).toContain('DEV_TOOLS');
  });

  it('production: no development tools, so only DEV_TOOLS=network is an error', () => {
    const base = { nodeEnv: 'production', host: '0.0.0.0', configured: () => true } as const;
    expect(devToolsExposureProblem({ ...base, devTools: 'loopback' })).toBeNull();
    expect(devToolsExposureProblem({ ...base, devTools: 'off' })).toBeNull();
    expect(devToolsExposureProblem({ ...base, devTools: 'network' })).toContain('DEV_TOOLS=network');
  });
});

describe('start banner notice', () => {
  it('is loud with DEV_TOOLS=network', () => {
    const notice = devToolsNotice({ nodeEnv: 'development', host: '0.0.0.0', devTools: 'network' });
    expect(notice).toContain('WARNING');
    expect(notice).toContain(DEV_TOOLS_NETWORK_WARNING);
  });

  it('tells a network server that the tools answer this machine only', () => {
    expect(devToolsNotice({ nodeEnv: 'development', host: '0.0.0.0', devTools: 'loopback' })).toContain(
      'answer only this machine',
    );
  });

  it('says nothing where there is nothing to say', () => {
    expect(devToolsNotice({ nodeEnv: 'development', host: '127.0.0.1', devTools: 'loopback' })).toBeNull();
    expect(devToolsNotice({ nodeEnv: 'development', host: '0.0.0.0', devTools: 'off' })).toBeNull();
    expect(devToolsNotice({ nodeEnv: 'production', host: '0.0.0.0', devTools: 'loopback' })).toBeNull();
  });
});
