import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import type { App } from '../../app.js';
import path from 'node:path';
import { WEB_SOURCE_ROOT } from '../../config/repo-paths.js';
import { testApp } from '../../test-support/test-app.js';
import { throttleKey } from './registration-secrets.js';
import {
  GOOD_PASSWORD,
  encryptedPassword,
  freshEmail,
  get,
  latestCode,
  newBrowser,
  otherCode,
  outbox,
  post,
  type Browser,
} from './registration.test-kit.js';

/**
 * A sign-up flow belongs to the browser that started it (docs/flows/registration.md, "Bound to
 * the browser"; ADR 0012): the uuid alone, from a log or a shared URL, opens nothing.
 */

let app: App;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

interface Envelope<T = Record<string, unknown>> {
  ret_code: number;
  result: T;
}
const body = <T = Record<string, unknown>>(res: { json: () => unknown }) => res.json() as Envelope<T>;

async function start(browser: Browser, email: string, extra: Record<string, unknown> = {}) {
  const res = await post(app, '/user/public/register/info', { email, ...extra }, { browser });
  const answer = body<{ uuid: string; signup_binding?: string }>(res);
  expect(answer.ret_code).toBe(0);
  return { uuid: answer.result.uuid, res, answer };
}

const row = (uuid: string) =>
  app.db.selectFrom('registrations').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow();

const setPassword = (uuid: string, browser: Browser) =>
  post(
    app,
    '/user/public/register/password',
    { uuid, ...encryptedPassword(app, GOOD_PASSWORD) },
    { browser },
  );

describe('the binding cookie', () => {
  it('is set HttpOnly and SameSite=Lax when a flow starts; the row keeps only its hash', async () => {
    const browser = newBrowser();
    const { uuid, res, answer } = await start(browser, freshEmail('bind'));
    const cookie = res.cookies.find((c) => c.name === 'gh_signup');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.secure).toBeFalsy();
    // Cookie clients never see the secret in the body.
    expect(answer.result.signup_binding).toBeUndefined();
    const stored = await row(uuid);
    expect(stored.binding_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(cookie?.value ?? '-');
  });

  it('is a Secure __Host- cookie in production', async () => {
    const prod = await testApp({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      // Production reads mail texts from the web build; there is none in tests.
      LOCALES_DIR: path.join(WEB_SOURCE_ROOT, 'public', 'locales'),
    });
    try {
      const res = await post(
        prod,
        '/user/public/register/info',
        { email: freshEmail('prod') },
        {
          browser: newBrowser(),
        },
      );
      expect(body(res).ret_code).toBe(0);
      const cookie = res.cookies.find((c) => c.name === '__Host-gh_signup');
      expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.domain).toBeUndefined();
    } finally {
      await prod.close();
    }
  });

  it('is not set by a refused start', async () => {
    const res = await post(
      app,
      '/user/public/register/info',
      { email: 'someone@qq.com' },
      { browser: newBrowser() },
    );
    expect(body(res).ret_code).toBe(RetCode.ChinaMail);
    expect(res.cookies).toEqual([]);
  });

  it('stays the same across flows of one browser, so two tabs keep their own flows', async () => {
    const browser = newBrowser();
    const first = await start(browser, freshEmail('tab1'));
    const binding = browser.cookies.gh_signup;
    const second = await start(browser, freshEmail('tab2'));
    expect(browser.cookies.gh_signup).toBe(binding);
    for (const { uuid } of [first, second])
      expect(
        body(await get(app, `/user/public/register/recall/info?uuid=${uuid}`, { browser })).ret_code,
      ).toBe(0);
  });
});

describe('a uuid without the binding', () => {
  it('cannot verify a code, resend, poll or recall: a clear ret_code, and nothing changes', async () => {
    const owner = newBrowser();
    const email = freshEmail('stranger');
    const { uuid } = await start(owner, email);
    const code = await latestCode(app, email);
    const before = await row(uuid);

    for (const stranger of [newBrowser(), { cookies: { gh_signup: 'A'.repeat(43) } }]) {
      const calls = [
        post(app, '/user/public/register/verify', { uuid, code: otherCode(code) }, { browser: stranger }),
        post(app, '/user/public/register/verify', { uuid, code }, { browser: stranger }),
        post(app, '/user/public/register/send/verify/item', { uuid }, { browser: stranger }),
        get(app, `/user/public/register/verify/result?uuid=${uuid}`, { browser: stranger }),
        get(app, `/user/public/register/recall/info?uuid=${uuid}`, { browser: stranger }),
      ];
      for (const res of await Promise.all(calls)) {
        const answer = res.json<{ ret_code: number; result: unknown }>();
        expect(answer.ret_code).toBe(RetCode.RegisterFlowNotBound);
        // Recall tells a stranger nothing: no stage, masked address, platform or channel.
        expect(answer.result).toBeNull();
      }
    }
    expect(await row(uuid)).toEqual(before);
    expect(await outbox(app, email)).toHaveLength(1);

    // The browser that started still has its five attempts and its code.
    expect(
      body(await post(app, '/user/public/register/verify', { uuid, code }, { browser: owner })).ret_code,
    ).toBe(0);
  });

  it('cannot set the password of a verified flow, which stays open for its own browser', async () => {
    const owner = newBrowser();
    const email = freshEmail('hijack');
    const { uuid } = await start(owner, email);
    const code = await latestCode(app, email);
    expect(
      body(await post(app, '/user/public/register/verify', { uuid, code }, { browser: owner })).ret_code,
    ).toBe(0);

    const stranger = newBrowser();
    const refused = await setPassword(uuid, stranger);
    expect(body(refused).ret_code).toBe(RetCode.RegisterFlowNotBound);
    expect(refused.cookies.find((c) => c.name === 'gh_session')).toBeUndefined();
    expect(await app.accounts.findByEmail(email)).toBeUndefined();
    expect((await row(uuid)).stage).toBe('verified');

    expect(body(await setPassword(uuid, owner)).ret_code).toBe(0);
    expect(await app.accounts.findByEmail(email)).toBeDefined();
  });
});

describe('the e-mail link', () => {
  it('verifies in any browser; the password is still set where the sign-up started', async () => {
    const owner = newBrowser();
    const email = freshEmail('link');
    const { uuid } = await start(owner, email, { verify_type: 'link' });
    const token = new URL((await outbox(app, email))[0]?.link ?? '').searchParams.get('token') ?? '';

    const phone = newBrowser();
    expect(
      body(await post(app, '/user/public/register/verify', { uuid, token }, { browser: phone })).result,
    ).toEqual({
      verify_result: 1,
    });
    // The phone learns nothing more, and cannot finish the sign-up.
    expect(
      body(await get(app, `/user/public/register/recall/info?uuid=${uuid}`, { browser: phone })).ret_code,
    ).toBe(RetCode.RegisterFlowNotBound);
    expect(body(await setPassword(uuid, phone)).ret_code).toBe(RetCode.RegisterFlowNotBound);

    // The first tab's poll sees the verification and sets the password.
    expect(
      body(await get(app, `/user/public/register/verify/result?uuid=${uuid}`, { browser: owner })).result,
    ).toEqual({ verify_result: 1 });
    expect(body(await setPassword(uuid, owner)).ret_code).toBe(0);
  });
});

describe('header transport (Telegram Mini App in a cross-site frame)', () => {
  it('hands the binding over in the body and accepts it back as X-Signup-Binding', async () => {
    const email = freshEmail('tma');
    const headerTransport = { 'x-session-transport': 'header' };
    const { uuid, answer } = await start(newBrowser(), email, {});
    expect(answer.result.signup_binding).toBeUndefined();

    await app.kv.del(`reg:cool:${throttleKey(email)}`);
    const res = await post(
      app,
      '/user/public/register/info',
      { email },
      { browser: newBrowser(), headers: headerTransport },
    );
    const started = body<{ uuid: string; signup_binding: string }>(res);
    expect(started.result.signup_binding).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.cookies.find((c) => c.name === 'gh_signup')?.value).toBe(started.result.signup_binding);

    // A frame that never gets the cookie back: the header alone carries the binding.
    const frame = (browserless = newBrowser()) => ({
      browser: browserless,
      headers: { ...headerTransport, 'x-signup-binding': started.result.signup_binding },
    });
    const code = await latestCode(app, email);
    expect(
      body(await post(app, '/user/public/register/verify', { uuid: started.result.uuid, code }, frame()))
        .ret_code,
    ).toBe(0);
    // ...and it does not open another flow.
    expect(body(await get(app, `/user/public/register/recall/info?uuid=${uuid}`, frame())).ret_code).toBe(
      RetCode.RegisterFlowNotBound,
    );
  });
});

describe('one-shot sign-up (older UI)', () => {
  it('commits only from the browser that asked for the code', async () => {
    const owner = newBrowser();
    const email = freshEmail('oneshot-bind');
    expect(body(await post(app, '/verify/register/email', { email }, { browser: owner })).ret_code).toBe(0);
    expect(owner.cookies.gh_signup).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const code = await latestCode(app, email);
    const commit = (browser: Browser) =>
      post(
        app,
        '/register/email',
        { email, verify_code: code, ...encryptedPassword(app, GOOD_PASSWORD) },
        { browser },
      );

    // Another browser finds no flow: the same answer as "no code was sent", and no attempt is used.
    expect(body(await commit(newBrowser())).ret_code).toBe(RetCode.VerifyCodeExpired);
    const flows = await app.db
      .selectFrom('registrations')
      .selectAll()
      .where('login_name', '=', email)
      .execute();
    expect(flows.map((f) => f.attempts)).toEqual([0]);

    // A send from another browser (after the cooldown) opens its own flow and leaves this code working.
    await app.kv.del(`reg:cool:${throttleKey(email)}`);
    expect(
      body(await post(app, '/verify/register/email', { email }, { browser: newBrowser() })).ret_code,
    ).toBe(0);
    expect(body(await commit(owner)).ret_code).toBe(0);
  });
});
