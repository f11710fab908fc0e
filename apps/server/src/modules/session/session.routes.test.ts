import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { testApp } from '../../test-support/test-app.js';
import { createAccount, device, postJson } from '../login/login.test-kit.js';
import { kickOut } from './kick-out.js';

let app: App;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

async function profileCode(cookie: string): Promise<number> {
  const res = await app.inject({
    url: '/x-api/v2/private/user/profile',
    cookies: { gh_session: cookie },
    headers: { platform: 'pc' },
  });
  return res.json<{ ret_code: number }>().ret_code;
}

describe('POST /user/private/logout-all', () => {
  it('ends every session of the account: the next call of each answers 10006', async () => {
    const account = await createAccount(app, { email: 'everywhere@example.com' });
    const laptop = await app.sessions.create(account.id);
    const phone = await app.sessions.create(account.id);
    const someoneElse = await app.sessions.create(
      (await createAccount(app, { email: 'else@example.com' })).id,
    );
    expect(await profileCode(phone)).toBe(RetCode.Ok);

    const res = await postJson(app, '/user/private/logout-all', {}, device(), {
      cookies: { gh_session: laptop },
    });
    expect(res.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: { revoked: 2 } });
    // This browser's cookie is cleared too.
    expect(res.cookies.find((c) => c.name === 'gh_session')?.value).toBe('');

    expect(await profileCode(laptop)).toBe(RetCode.SessionExpired);
    expect(await profileCode(phone)).toBe(RetCode.SessionExpired);
    expect(await profileCode(someoneElse)).toBe(RetCode.Ok);
    // And the revoked session cannot do it again (or anything else).
    const again = await postJson(app, '/user/private/logout-all', null, device(), {
      cookies: { gh_session: phone },
    });
    expect(again.json().ret_code).toBe(RetCode.SessionExpired);
  });

  it('needs a session (10006)', async () => {
    expect((await postJson(app, '/user/private/logout-all', {}, device())).json().ret_code).toBe(
      RetCode.SessionExpired,
    );
  });
});

describe('operator kick-out (scripts/sessions.ts)', () => {
  it('finds the account by id, e-mail or mobile and ends its sessions', async () => {
    const account = await createAccount(app, { email: 'Kick@Example.com' });
    const deps = { accounts: app.accounts, sessions: app.sessions };
    const one = await app.sessions.create(account.id);
    const two = await app.sessions.create(account.id);
    expect(await kickOut(deps, 'kick@example.com')).toMatchObject({
      account: { id: account.id },
      revoked: 2,
    });
    expect(await profileCode(one)).toBe(RetCode.SessionExpired);
    expect(await profileCode(two)).toBe(RetCode.SessionExpired);

    const three = await app.sessions.create(account.id);
    expect(await kickOut(deps, ` ${account.id} `)).toMatchObject({ revoked: 1 });
    expect(await profileCode(three)).toBe(RetCode.SessionExpired);

    const mobile = await createAccount(app, { mobile: '+447700900123' });
    await app.sessions.create(mobile.id);
    expect(await kickOut(deps, '+447700900123')).toMatchObject({ account: { id: mobile.id }, revoked: 1 });
  });

  it('answers null for an unknown account or a string that names none', async () => {
    const deps = { accounts: app.accounts, sessions: app.sessions };
    expect(await kickOut(deps, 'nobody@example.com')).toBeNull();
    expect(await kickOut(deps, '1234567890')).toBeNull();
    expect(await kickOut(deps, "' or 1=1 --")).toBeNull();
  });
});
