import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKED_COUNTRIES, RetCode, type CountryEntry } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { testApp } from '../../test-support/test-app.js';
import { acceptLanguageRegions } from './countries.service.js';

let app: App;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ url: `/x-api${url}`, headers: { host: 'localhost', ...headers } });

async function list(query = '', headers: Record<string, string> = {}): Promise<CountryEntry[]> {
  const res = await get(`/v2/public/country-list${query}`, headers);
  expect(res.json()).toMatchObject({ ret_code: 0 });
  return res.json<{ result: { list: CountryEntry[] } }>().result.list;
}

describe('GET /v2/public/country-list', () => {
  it('lists phone countries in English with calling codes, without blocked ones, cacheable 60 s', async () => {
    const res = await get('/v2/public/country-list');
    expect(res.headers['cache-control']).toBe('private, max-age=60');
    const countries = (await list()).map((c) => c.iso);
    expect(countries).not.toContain('US');
    expect(countries).not.toContain('CN');
    expect(countries).not.toContain('AQ'); // no calling code of its own
    expect((await list()).find((c) => c.iso === 'GB')).toEqual({
      iso: 'GB',
      name: 'United Kingdom',
      calling_code: '44',
      disabled: false,
    });
  });

  it('names countries in the page language (query or Lang header), sorted in it', async () => {
    expect((await list('?lang=de-DE')).find((c) => c.iso === 'GB')?.name).toBe('Vereinigtes Königreich');
    expect((await list('', { lang: 'fr-FR' })).find((c) => c.iso === 'DE')?.name).toBe('Allemagne');
    const names = (await list('?lang=de-DE')).map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('de').compare));
    // Unknown languages fall back to English.
    expect((await list('?lang=xx-YY')).find((c) => c.iso === 'GB')?.name).toBe('United Kingdom');
  });

  it('flags blocked countries disabled with is_disable=1 and lists every ISO country with is_iso=1', async () => {
    const withDisabled = await list('?is_disable=1');
    expect(withDisabled.find((c) => c.iso === 'US')).toMatchObject({ disabled: true, calling_code: '1' });
    for (const code of BLOCKED_COUNTRIES.filter((c) => !c.includes('-'))) {
      expect(withDisabled.find((c) => c.iso === code)?.disabled, code).toBe(true);
    }
    const iso = await list('?is_iso=1');
    expect(iso.find((c) => c.iso === 'AQ')).toMatchObject({ calling_code: null, disabled: false });
    expect(iso.length).toBeGreaterThan(240);
    expect((await get('/v2/public/country-list?is_iso=maybe')).json()).toMatchObject({
      ret_code: RetCode.ParamsInvalid,
    });
  });
});

describe('GET /register/countryCode', () => {
  const suggest = async (host: string, acceptLanguage?: string) =>
    (
      await get('/register/countryCode', {
        host,
        ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
      })
    ).json<{
      result: { country: string | null; country_code: string | null };
    }>().result;

  it("suggests the regional site's country first", async () => {
    expect(await suggest('tr.localhost', 'en-GB')).toEqual({ country: 'TR', country_code: '90' });
    expect(await suggest('jp.localhost')).toEqual({ country: 'JP', country_code: '81' });
  });

  it('else the first allowed Accept-Language region, never a blocked country', async () => {
    expect(await suggest('localhost', 'en-GB,en;q=0.9')).toEqual({ country: 'GB', country_code: '44' });
    expect(await suggest('localhost', 'en-US,de-DE;q=0.8')).toEqual({ country: 'DE', country_code: '49' });
    expect(await suggest('localhost', 'en-US')).toEqual({ country: null, country_code: null });
    expect(await suggest('localhost')).toEqual({ country: null, country_code: null });
  });

  it('reads regions from Accept-Language', () => {
    expect(acceptLanguageRegions('fr-CA, en;q=0.5, pt-br')).toEqual(['CA', 'BR']);
    expect(acceptLanguageRegions(null)).toEqual([]);
  });
});

describe('GET /register/permission_v2', () => {
  it('answers whether sign-up is open, with the blocked list and site rules', async () => {
    const res = await get('/register/permission_v2');
    expect(res.json()).toEqual({
      ret_code: 0,
      ret_msg: 'OK',
      result: {
        allowed: true,
        blocked_countries: [...BLOCKED_COUNTRIES],
        phone_sign_up: true,
        residence_required: false,
      },
    });
    const eu = (await get('/register/permission_v2?residence_country=FR', { host: 'eu.localhost' })).json();
    expect(eu).toMatchObject({ result: { allowed: true, phone_sign_up: false, residence_required: true } });
  });

  it('refuses a blocked residence, Ontario included', async () => {
    for (const query of [
      'residence_country=US',
      'residence_country=ir',
      'residence_country=CA&residence_subdivision=on',
    ]) {
      expect((await get(`/register/permission_v2?${query}`)).json()).toMatchObject({
        ret_code: RetCode.ResidenceCountryBlocked,
      });
    }
  });

  it('closes sign-up for a blocked client country reported by a trusted proxy', async () => {
    const proxied = await testApp({ TRUST_PROXY: 'true' });
    try {
      const res = await proxied.inject({
        url: '/x-api/register/permission_v2',
        headers: { 'x-client-country': 'KP' },
      });
      expect(res.json()).toMatchObject({ ret_code: 0, result: { allowed: false } });
    } finally {
      await proxied.close();
    }
  });
});

describe('the precomputed country list', () => {
  const url = '/v2/public/country-list?lang=de';

  it('is sent compressed to clients that accept it, the same list as uncompressed', async () => {
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, coding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get(url, { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe(coding);
      expect(res.headers.vary).toContain('Accept-Encoding');
      const body = coding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      expect(body.toString()).toBe(plain.body);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    }
  });

  it('carries an ETag per list and answers 304 to a client that has it, still cacheable', async () => {
    const first = await get(url);
    const etag = String(first.headers.etag);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('private, max-age=60');
    expect((await get('/v2/public/country-list?lang=fr')).headers.etag).not.toBe(etag);
    expect((await get(url, { 'if-none-match': 'W/"stale"' })).statusCode).toBe(200);
  });
});
