import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { testApp } from '../../test-support/test-app.js';
import { get } from '../registration/registration.test-kit.js';
import { geoipFixture } from './geoip-fixture.test-kit.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gatehouse-geoip-'));
  writeFileSync(path.join(dir, 'country.mmdb'), geoipFixture({ 81: 'NL', 203: 'GB', 5: 'US' }));
  writeFileSync(path.join(dir, 'broken.mmdb'), 'not a database');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const check = (app: App, ip: string, headers: Record<string, string> = {}) =>
  get(app, '/compliance/v1/wall/country-check', { ip, headers }).then((r) => r.json().result);

describe('visitor country from GEOIP_DB_FILE', () => {
  let app: App;
  beforeAll(async () => {
    app = await testApp({ GEOIP_DB_FILE: path.join(dir, 'country.mmdb') });
  });
  afterAll(() => app.close());

  it('looks the client address up in the database', async () => {
    expect(await check(app, '81.2.3.4')).toEqual({ code: 'NL', is_visible: true, group_country: 'eea' });
    expect(await check(app, '203.0.113.9')).toEqual({ code: 'GB', is_visible: true, group_country: '' });
    expect(await check(app, '5.6.7.8')).toMatchObject({ code: 'US', is_visible: false });
  });

  it('an address the database does not know, or cannot look up, is unknown', async () => {
    expect(await check(app, '10.0.0.1')).toMatchObject({ code: null });
    expect(await check(app, '2001:db8::1')).toMatchObject({ code: null });
  });

  it('without a trusted proxy the header is ignored: the database decides', async () => {
    expect(await check(app, '203.0.113.9', { 'x-client-country': 'DE' })).toMatchObject({ code: 'GB' });
  });
});

describe('the trusted header comes first', () => {
  it('with TRUST_PROXY the proxy header wins over the database', async () => {
    const app = await testApp({ TRUST_PROXY: 'true', GEOIP_DB_FILE: path.join(dir, 'country.mmdb') });
    try {
      expect(await check(app, '203.0.113.9', { 'x-client-country': 'DE' })).toMatchObject({ code: 'DE' });
      expect(await check(app, '81.2.3.4')).toMatchObject({ code: 'NL' });
    } finally {
      await app.close();
    }
  });
});

describe('a file that cannot be read', () => {
  it.each(['broken.mmdb', 'missing.mmdb'])(
    '%s: the country is unknown and the site still answers',
    async (file) => {
      const app = await testApp({ GEOIP_DB_FILE: path.join(dir, file) });
      try {
        expect(await check(app, '81.2.3.4')).toEqual({ code: null, is_visible: true, group_country: '' });
      } finally {
        await app.close();
      }
    },
  );
});
