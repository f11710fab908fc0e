import { describe, expect, it } from 'vitest';
import { siteOrigin } from './site-origin.js';

describe('siteOrigin', () => {
  it.each([
    ['EU', 'http://localhost:3000', 'prod', 'http://eu.localhost:3000'],
    ['global', 'http://eu.localhost:3000', 'prod', 'http://localhost:3000'],
    ['NLD', 'http://testnet.localhost:3000', 'testnet', 'http://testnet.nl.localhost:3000'],
    ['EU', 'http://127.0.0.1:3000', 'prod', 'http://eu.localhost:3000'],
  ] as const)('%s from %s (%s) → %s', (target, from, env, origin) => {
    expect(siteOrigin(target, from, env)).toBe(origin);
  });

  it('uses the configured domain with the environment prefix in production', () => {
    const domains = { global: ['gatehouse.example'], EU: ['gatehouse.eu'] };
    expect(siteOrigin('EU', 'https://gatehouse.example', 'prod', domains)).toBe('https://gatehouse.eu');
    expect(siteOrigin('global', 'https://testnet.gatehouse.eu', 'testnet', domains)).toBe(
      'https://testnet.gatehouse.example',
    );
    expect(siteOrigin('NLD', 'https://gatehouse.example', 'prod', domains)).toBeNull();
  });

  it('refuses a malformed origin', () => {
    expect(siteOrigin('EU', 'not a url', 'prod')).toBeNull();
  });
});
