import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { testApp } from '../../test-support/test-app.js';
import { createAccount, device, loginFully } from '../login/login.test-kit.js';
import { KYC_INTERNAL_PATH } from './kyc-internal.routes.js';

const TOKEN = 'kyc-service-token-0123456789abcdef0123456789';

let app: App;
beforeAll(async () => {
  app = await testApp({ KYC_SERVICE_TOKEN: TOKEN });
});
afterAll(() => app.close());

const set = (payload: unknown, authorization: string | null = `Bearer ${TOKEN}`) =>
  app.inject({
    method: 'POST',
    url: KYC_INTERNAL_PATH,
    payload: payload as Record<string, unknown>,
    headers: authorization === null ? {} : { authorization },
  });

describe('POST /internal/kyc/v1/set', () => {
  it('records the level and country; the profile reflects them (kyc_person_level, member_tag.KYC)', async () => {
    const account = await createAccount(app, { email: 'kyc.ann@example.com' });
    const res = await set({ account: 'kyc.ann@example.com', level: 1, country: 'nl' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ account_id: account.id, kyc_level: 1, kyc_country: 'NL' });
    const cookie = await loginFully(app, { email: 'kyc.ann@example.com' }, 'kyc.ann@example.com', device());
    const profile = await app.inject({
      url: '/x-api/v2/private/user/profile',
      cookies: { gh_session: cookie },
    });
    expect(profile.json().result).toEqual({
      id: Number(account.id),
      kyc_person_level: 1,
      member_tag: { KYC: 1 },
    });
    // Level 0 clears the verification and its country; named by id this time.
    expect((await set({ account: account.id, level: 0, country: 'NL' })).json()).toEqual({
      account_id: account.id,
      kyc_level: 0,
      kyc_country: null,
    });
    expect(await app.accounts.findById(account.id)).toMatchObject({
      kycLevel: 0,
      memberTagKyc: 0,
      kycCountry: null,
    });
  });

  it.each([
    ['no Authorization header', null],
    ['a wrong token', 'Bearer not-the-token-at-all-0123456789abcdef'],
    ['the token without the scheme', TOKEN],
    ['a prefix of the token', `Bearer ${TOKEN.slice(0, -1)}`],
  ])('refuses %s (401) and changes nothing', async (_name, authorization) => {
    const account = await createAccount(app, { email: `kyc.${crypto.randomUUID()}@example.com` });
    const res = await set({ account: account.id, level: 2, country: 'DE' }, authorization);
    expect(res.statusCode).toBe(401);
    expect(await app.accounts.findById(account.id)).toMatchObject({ kycLevel: 0, kycCountry: null });
  });

  it.each([
    ['a level out of range', { level: 3, country: 'DE' }],
    ['a verified level without a country', { level: 1 }],
    ['a country that is not alpha-2', { level: 1, country: 'DEU' }],
  ])('refuses %s (400)', async (_name, body) => {
    const account = await createAccount(app, { email: `kyc.${crypto.randomUUID()}@example.com` });
    expect((await set({ account: account.id, ...body })).statusCode).toBe(400);
    expect(await app.accounts.findById(account.id)).toMatchObject({ kycLevel: 0 });
  });

  it('answers 404 for an unknown account', async () => {
    expect((await set({ account: 'nobody@example.com', level: 1, country: 'DE' })).statusCode).toBe(404);
  });

  it('does not exist without KYC_SERVICE_TOKEN', async () => {
    const off = await testApp();
    try {
      const res = await off.inject({
        method: 'POST',
        url: KYC_INTERNAL_PATH,
        payload: { account: 'x@example.com', level: 1, country: 'DE' },
        headers: { authorization: 'Bearer anything' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
