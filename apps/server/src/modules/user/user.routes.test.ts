import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { testApp } from '../../test-support/test-app.js';
import { createAccount, device, loginFully } from '../login/login.test-kit.js';
import { bindAuthenticator } from '../two-factor/two-factor.test-kit.js';

let app: App;
let cookie: string;
let id: number;

beforeAll(async () => {
  app = await testApp();
  const account = await createAccount(app, { email: 'ann.lee@example.com' });
  await app.db
    .updateTable('users')
    .set({ mobile: '+447700900123', kyc_level: 1, member_tag_kyc: 1 })
    .where('id', '=', account.id)
    .execute();
  id = Number(account.id);
  const dev = device();
  cookie = await loginFully(app, { email: 'ann.lee@example.com' }, 'ann.lee@example.com', dev);
  // has_google2fa: an authenticator bound through the real calls (modules/two-factor).
  await bindAuthenticator(app, cookie, dev);
});
afterAll(() => app.close());

const get = (url: string, c: string | null = cookie) =>
  app.inject({ url: `/x-api${url}`, cookies: c ? { gh_session: c } : {} });

describe('private user routes', () => {
  it('profile: id, KYC level and member tag, cacheable privately for 10 s', async () => {
    const res = await get('/v2/private/user/profile');
    expect(res.json().result).toEqual({ id, kyc_person_level: 1, member_tag: { KYC: 1 } });
    expect(res.headers['cache-control']).toBe('private, max-age=10');
    expect(String(res.headers.vary)).toContain('Cookie');
  });

  it('user info: masked e-mail and mobile, flags, language, status', async () => {
    const res = await get('/user/private/user-info');
    expect(res.json().result).toEqual({
      id,
      username: 'ann***@example.com',
      vague_email: 'ann***@example.com',
      vague_mobile: '+447****0123',
      email_verified: true,
      mobile_verified: true,
      has_google2fa: true,
      lang: 'en',
      status: 'active',
    });
    expect(res.body).not.toContain('ann.lee');
    expect(res.body).not.toContain('900123');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('member info', async () => {
    const res = await get('/user/private/member/info');
    expect(res.json().result).toMatchObject({
      id,
      member_level: 0,
      vip: false,
      kyc_person_level: 1,
      site: 'global',
    });
  });

  it('bound accounts: e-mail, mobile and Telegram (not bound until the Telegram module says so)', async () => {
    expect((await get('/user/private/bound-accounts')).json().result).toEqual({
      accounts: [
        { kind: 'email', bound: true, display: 'ann***@example.com' },
        { kind: 'mobile', bound: true, display: '+447****0123' },
        { kind: 'telegram', bound: false, display: null },
      ],
    });
    app.bindingLookups.telegram = async (userId) => (userId === String(id) ? '@ann_tg' : null);
    const res = await get('/user/private/bound-accounts');
    expect(res.json().result.accounts[2]).toEqual({ kind: 'telegram', bound: true, display: '@ann_tg' });
    app.bindingLookups.telegram = null;
  });

  it('answers 10006 without a session or with a junk one', async () => {
    for (const url of [
      '/v2/private/user/profile',
      '/user/private/user-info',
      '/user/private/member/info',
      '/user/private/bound-accounts',
    ]) {
      for (const c of [null, 'x'.repeat(43)]) {
        const res = await get(url, c);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ ret_code: RetCode.SessionExpired, result: null });
      }
    }
  });
});
