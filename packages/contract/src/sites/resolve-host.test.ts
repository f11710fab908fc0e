import { describe, expect, it } from 'vitest';
import { parseHost, isValidHostName } from './host-name.js';
import { resolveHost } from './resolve-host.js';

const domains = { global: ['gatehouse.example'], EU: ['gatehouse.eu'], TUR: ['GateHouse.com.tr.'] };

describe('resolveHost: local forms', () => {
  it('localhost is the global prod site', () => {
    expect(resolveHost('localhost')).toEqual({ site: 'global', env: 'prod' });
  });

  it.each([
    ['hk.localhost', 'HKG'],
    ['tr.localhost', 'TUR'],
    ['kz.localhost', 'KAZ'],
    ['nl.localhost', 'NLD'],
    ['eu.localhost', 'EU'],
    ['ge.localhost', 'GEO'],
    ['id.localhost', 'IDN'],
    ['ae.localhost', 'ARE'],
    ['jp.localhost', 'JPN'],
  ])('%s is %s', (host, site) => {
    expect(resolveHost(host)).toEqual({ site, env: 'prod' });
  });

  it('takes the environment from a testnet. or test. label', () => {
    expect(resolveHost('testnet.localhost')).toEqual({ site: 'global', env: 'testnet' });
    expect(resolveHost('test.localhost')).toEqual({ site: 'global', env: 'test' });
    expect(resolveHost('test.eu.localhost')).toEqual({ site: 'EU', env: 'test' });
    expect(resolveHost('testnet.tr.localhost:3000')).toEqual({ site: 'TUR', env: 'testnet' });
  });

  it('lower-cases, strips the port and one trailing dot', () => {
    expect(resolveHost('EU.LocalHost:3000')).toEqual({ site: 'EU', env: 'prod' });
    expect(resolveHost('eu.localhost.')).toEqual({ site: 'EU', env: 'prod' });
    expect(resolveHost('eu.localhost.:8080')).toEqual({ site: 'EU', env: 'prod' });
  });

  it('accepts loopback addresses as global', () => {
    expect(resolveHost('127.0.0.1')).toEqual({ site: 'global', env: 'prod' });
    expect(resolveHost('127.0.0.1:3000')).toEqual({ site: 'global', env: 'prod' });
    expect(resolveHost('[::1]')).toEqual({ site: 'global', env: 'prod' });
    expect(resolveHost('[::1]:3000')).toEqual({ site: 'global', env: 'prod' });
  });

  it('rejects unknown local labels and deeper names', () => {
    expect(resolveHost('xx.localhost')).toBeNull();
    expect(resolveHost('a.eu.localhost')).toBeNull();
    expect(resolveHost('eu.testnet.localhost')).toBeNull();
    expect(resolveHost('testnet.test.localhost')).toBeNull();
    expect(resolveHost('localhost.evil.com')).toBeNull();
  });
});

describe('resolveHost: configured domains', () => {
  it('matches a configured domain exactly', () => {
    expect(resolveHost('gatehouse.example', domains)).toEqual({ site: 'global', env: 'prod' });
    expect(resolveHost('gatehouse.eu', domains)).toEqual({ site: 'EU', env: 'prod' });
  });

  it('matches www., testnet. and test. in front of a domain', () => {
    expect(resolveHost('www.gatehouse.eu', domains)).toEqual({ site: 'EU', env: 'prod' });
    expect(resolveHost('testnet.gatehouse.eu', domains)).toEqual({ site: 'EU', env: 'testnet' });
    expect(resolveHost('test.gatehouse.example:443', domains)).toEqual({ site: 'global', env: 'test' });
  });

  it('normalises configured domains (case, trailing dot)', () => {
    expect(resolveHost('gatehouse.com.tr', domains)).toEqual({ site: 'TUR', env: 'prod' });
  });

  it('prefers an exact domain over a prefixed match', () => {
    const overlapping = { global: ['example.org'], JPN: ['test.example.org'] };
    expect(resolveHost('test.example.org', overlapping)).toEqual({ site: 'JPN', env: 'prod' });
  });

  it('returns null for unknown and look-alike hosts', () => {
    expect(resolveHost('evil.com', domains)).toBeNull();
    expect(resolveHost('gatehouse.eu.evil.com', domains)).toBeNull();
    expect(resolveHost('evilgatehouse.eu', domains)).toBeNull();
    expect(resolveHost('blog.gatehouse.eu', domains)).toBeNull();
    expect(resolveHost('gatehouse.example')).toBeNull();
  });
});

describe('resolveHost: invalid host names', () => {
  it.each([
    '',
    ' ',
    'local host',
    'localhost\n',
    'eu.localhost\u0000',
    '..localhost',
    'eu..localhost',
    '.localhost',
    '-eu.localhost',
    'eu_x.localhost',
    'localhost:',
    'localhost:abc',
    'localhost:123456',
    'localhost:80:80',
    'user@localhost',
    `${'a'.repeat(64)}.localhost`,
    `${'a.'.repeat(130)}localhost`,
    '[::1',
    '[::1]x',
    '[evil]',
    '::1',
    'localhost/path',
  ])('%j → null', (host) => {
    expect(resolveHost(host, domains)).toBeNull();
  });
});

describe('host name helpers', () => {
  it('parseHost splits name and port', () => {
    expect(parseHost('Example.COM:8080')).toEqual({ hostname: 'example.com', port: '8080' });
    expect(parseHost('[::1]:80')).toEqual({ hostname: '[::1]', port: '80' });
  });

  it('isValidHostName checks labels', () => {
    expect(isValidHostName('a-b.c1')).toBe(true);
    expect(isValidHostName('a-.c')).toBe(false);
    expect(isValidHostName('A.c')).toBe(false);
  });
});
