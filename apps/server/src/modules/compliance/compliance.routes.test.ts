import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { testApp } from '../../test-support/test-app.js';
import { createAccount, device, loginFully } from '../login/login.test-kit.js';
import { freshEmail, get, post } from '../registration/registration.test-kit.js';
import { COMPLIANCE_KEYS } from './compliance-defaults.js';

// The visitor's country comes from the trusted proxy header (risk/client-country.ts): the app trusts it.
let app: App;
beforeAll(async () => {
  app = await testApp({ TRUST_PROXY: 'true' });
});
afterAll(() => app.close());

const from = (country: string, host = 'localhost') => ({ host, headers: { 'x-client-country': country } });
const result = <T>(res: { json(): unknown }) => (res.json() as { result: T }).result;
const code = (res: { json(): unknown }) => (res.json() as { ret_code: number }).ret_code;

describe('GET /compliance/v1/wall/regulation-info', () => {
  it('restricts an EEA visitor on the main site, cacheable privately for 10 s (spec §9)', async () => {
    const res = await get(app, '/compliance/v1/wall/regulation-info', from('DE'));
    expect(res.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: { restrictOperate: true } });
    expect(res.headers['cache-control']).toBe('private, max-age=10');
  });

  it.each([
    ['a non-EEA visitor on the main site', 'GB', 'localhost'],
    ['an EEA visitor on the EU site', 'FR', 'eu.localhost'],
    ['an EEA visitor on the Netherlands site', 'NL', 'nl.localhost'],
    ['an unknown country', 'XX', 'localhost'],
    ['a hostile header value', 'DE<script>', 'localhost'],
  ])('does not restrict %s', async (_name, country, host) => {
    expect(result(await get(app, '/compliance/v1/wall/regulation-info', from(country, host)))).toEqual({
      restrictOperate: false,
    });
  });

  it('ignores the header without a trusted proxy: the client could write it itself', async () => {
    const direct = await testApp();
    try {
      const res = await get(direct, '/compliance/v1/wall/regulation-info', from('DE'));
      expect(result(res)).toEqual({ restrictOperate: false });
    } finally {
      await direct.close();
    }
  });
});

describe('GET /compliance/v1/wall/country-check', () => {
  it.each([
    ['DE', { code: 'DE', is_visible: true, group_country: 'eea' }],
    ['no', { code: 'NO', is_visible: true, group_country: 'eea' }],
    ['GB', { code: 'GB', is_visible: true, group_country: '' }],
    ['US', { code: 'US', is_visible: false, group_country: '' }],
  ])('%s', async (country, answer) => {
    expect(result(await get(app, '/compliance/v1/wall/country-check', from(country)))).toEqual(answer);
  });

  it('unknown without a header', async () => {
    expect(result(await get(app, '/compliance/v1/wall/country-check'))).toEqual({
      code: null,
      is_visible: true,
      group_country: '',
    });
  });
});

describe('GET /compliance/v1/residence/guide-config', () => {
  it("answers the current site's guide, or the site asked for", async () => {
    const global = result<{ guideConfigs: { siteId: string; country2: string }[]; showMode: number }>(
      await get(app, '/compliance/v1/residence/guide-config'),
    );
    expect(global.showMode).toBe(0);
    expect(global.guideConfigs).toContainEqual({ siteId: 'EU', country2: 'DE' });
    expect(global.guideConfigs).toContainEqual({ siteId: 'NLD', country2: 'NL' });
    const eu = result<{ showMode: number; countries2: string[] }>(
      await get(app, '/compliance/v1/residence/guide-config?site_id=EU'),
    );
    expect(eu.showMode).toBe(1);
    expect(eu.countries2).toContain('FR');
    expect(eu.countries2).not.toContain('GB');
  });

  it('refuses an unknown site id', async () => {
    expect(code(await get(app, '/compliance/v1/residence/guide-config?site_id=XX'))).toBe(
      RetCode.ParamsInvalid,
    );
  });
});

describe('GET /compliance/v1/config', () => {
  it("answers the static config and only this site's rules", async () => {
    const global = result<{ config: { redeemAmount: number }; rules: { siteId: string }[] }>(
      await get(app, '/compliance/v1/config'),
    );
    expect(global.config).toEqual({ redeemAmount: 100, hideRedeemSite: ['NLD', 'EU'], zhHostnameList: [] });
    expect(global.rules.length).toBeGreaterThan(0);
    expect(global.rules.every((r) => r.siteId === 'global')).toBe(true);
    const nl = result<{ rules: { siteId: string }[] }>(
      await get(app, '/compliance/v1/config', { host: 'nl.localhost' }),
    );
    expect(nl.rules.every((r) => r.siteId === 'NLD')).toBe(true);
  });

  it("serves an operator's change without a deploy, dropping a malformed rule", async () => {
    const fresh = await testApp();
    try {
      const rules = [
        { element: 'banner', action: 'hide', siteId: 'global', priority: 1 },
        { element: 'bad', action: 'explode', siteId: 'global', priority: 1 },
        { element: 'elsewhere', action: 'hide', siteId: 'EU', priority: 1 },
      ];
      await fresh.db
        .updateTable('web_config')
        .set({ value: JSON.stringify(rules) })
        .where('name', '=', COMPLIANCE_KEYS.RULES)
        .execute();
      expect(result(await get(fresh, '/compliance/v1/config'))).toMatchObject({
        rules: [{ element: 'banner', action: 'hide', siteId: 'global', priority: 1 }],
      });
    } finally {
      await fresh.close();
    }
  });
});

describe('sign-up refuses the residence the page would hide (spec §5, §6)', () => {
  const start = (residence: string, host = 'localhost') =>
    post(
      app,
      '/user/public/register/info',
      { email: freshEmail('res'), residence_country: residence },
      { host },
    );

  it('an EEA residence on the main site belongs to the EU site (41127 with the site)', async () => {
    const res = await start('DE');
    expect(res.json()).toMatchObject({
      ret_code: RetCode.ResidenceCountryRedirect,
      result: { site_id: 'EU' },
    });
    expect(result(await start('NL'))).toEqual({ site_id: 'NLD' });
  });

  it('a blocked residence is refused on every site (41126)', async () => {
    expect(code(await start('US'))).toBe(RetCode.ResidenceCountryBlocked);
    expect(code(await start('IR', 'eu.localhost'))).toBe(RetCode.ResidenceCountryBlocked);
  });

  it('the EU site offers only EEA residences (showMode 1): others are refused (400606)', async () => {
    expect(code(await start('GB', 'eu.localhost'))).toBe(RetCode.RegionRegistrationRestricted);
    expect(code(await start('FR', 'eu.localhost'))).toBe(0);
  });

  it('an ordinary residence on the main site goes through', async () => {
    expect(code(await start('GB'))).toBe(0);
  });
});

describe('GET /v3/private/kyc/get-rc-config', () => {
  it('needs a session (10006)', async () => {
    expect(code(await get(app, '/v3/private/kyc/get-rc-config?site_id=global'))).toBe(RetCode.SessionExpired);
  });

  it("answers the site's config and where the account's KYC belongs", async () => {
    const account = await createAccount(app, { email: 'rc.user@example.com' });
    const dev = device();
    const cookie = await loginFully(app, { email: 'rc.user@example.com' }, 'rc.user@example.com', dev);
    const ask = (site: string) =>
      app.inject({
        url: `/x-api/v3/private/kyc/get-rc-config?site_id=${site}`,
        cookies: { gh_session: cookie },
      });
    expect((await ask('global')).json().result).toEqual({
      site_id: 'global',
      regulation_country: '',
      kyc_countries: [],
      kyc_level: 0,
      kyc_country: null,
      home_site: null,
    });
    await app.accounts.setKyc(account.id, { level: 1, country: 'NL' });
    expect((await ask('global')).json().result).toMatchObject({
      kyc_level: 1,
      kyc_country: 'NL',
      home_site: 'NLD',
    });
    expect((await ask('NLD')).json().result).toMatchObject({
      regulation_country: 'EEA',
      kyc_countries: ['NL'],
      home_site: null,
    });
    expect((await ask('Mars')).json().ret_code).toBe(RetCode.ParamsInvalid);
  });
});
