import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode, type SocialProvider } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { testApp } from '../../test-support/test-app.js';
import {
  createAccount,
  device,
  encryptedPassword,
  outboxCode,
  PASSWORD,
  postJson,
  sessionCookieOf,
  type Device,
} from '../login/login.test-kit.js';
import { fakeIssuers, type FakeUser } from './social-login.test-kit.js';

type Body = { ret_code: number; ret_msg: string; result: Record<string, unknown> };

let app: App;
const issuers = fakeIssuers();
beforeAll(async () => {
  app = await testApp(issuers.env, { socialFetch: issuers.fetch });
});
afterAll(() => app.close());

const newUser = (over: Partial<FakeUser> = {}): FakeUser => ({
  sub: crypto.randomUUID(),
  email: `${crypto.randomUUID()}@gmail.test`,
  email_verified: true,
  name: 'Grace Hopper',
  ...over,
});

async function start(provider: SocialProvider, dev: Device, query = ''): Promise<string> {
  const res = await app.inject({
    url: `/x-api/user/public/login/thirdparty/authorize?third_type=${provider}&from=login${query}`,
    headers: { ...dev.headers, lang: 'en' },
  });
  const body = res.json<Body>();
  expect(body.ret_code, res.body).toBe(0);
  return body.result['authorize_url'] as string;
}

/** The browser comes back from the provider: Google by query, Apple by form_post. */
async function callback(provider: SocialProvider, params: Record<string, string>) {
  const qs = new URLSearchParams(params).toString();
  const res =
    provider === 'google'
      ? await app.inject({ url: `/auth/thirdparty/callback/google?${qs}` })
      : await app.inject({
          method: 'POST',
          url: '/auth/thirdparty/callback/apple',
          payload: qs,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
  expect(res.statusCode).toBe(303);
  const location = new URL(String(res.headers.location), 'http://localhost');
  return {
    location,
    ticket: location.searchParams.get('third_ticket'),
    error: location.searchParams.get('third_error'),
  };
}

async function signIn(
  provider: SocialProvider,
  user: FakeUser,
  dev: Device,
  extra: Record<string, string> = {},
) {
  const url = await start(provider, dev);
  const { code, state } = issuers[provider].authorize(url, user);
  return callback(provider, { code, state, ...extra });
}

/**
 * Login-and-bind: the password login carrying the pending id, through the new-device code step
 * (the id rides along with the code, as the web sends it). Answers the last response.
 */
async function loginAndBind(email: string, pendingId: unknown, dev: Device) {
  const first = await postJson(
    app,
    '/login',
    { email, ...encryptedPassword(app, PASSWORD), third_pending_id: pendingId },
    dev,
  );
  const challenge = (first.json<Body>().result['need_verify'] as { challenge_id: string } | null)
    ?.challenge_id;
  if (!challenge) return first;
  const code = await outboxCode(app, email, 'login-code');
  return postJson(
    app,
    '/user/public/login/verify',
    { challenge_id: challenge, code, third_pending_id: pendingId },
    dev,
  );
}

const thirdParty = (provider: SocialProvider, ticket: string, dev: Device) =>
  postJson(app, '/user/public/login/thirdparty', { third_type: provider, third_ticket: ticket }, dev);

describe('Google and Apple sign-in', () => {
  it('an unbound identity gets a pending id; login-and-bind binds it; the next sign-in logs in', async () => {
    const dev = device();
    const email = `${crypto.randomUUID()}@example.com`;
    await createAccount(app, { email });
    const user = newUser();
    const back = await signIn('google', user, dev);
    expect(back.error).toBeNull();
    expect(back.location.pathname).toBe('/en/login');
    expect(back.location.searchParams.get('third_type')).toBe('google');

    const first = (await thirdParty('google', back.ticket ?? '', dev)).json<Body>();
    expect(first.ret_code).toBe(RetCode.ThirdPartyNotBound);
    expect(first.result['third_user']).toEqual({
      provider: 'google',
      email: user.email,
      email_verified: true,
      name: 'Grace Hopper',
    });
    const pendingId = first.result['third_pending_id'] as string;

    const bound = await loginAndBind(email, pendingId, dev);
    expect(bound.json<Body>().result['third_bind_result']).toBe('success|login_bind');

    const again = await signIn('google', user, dev);
    const res = await thirdParty('google', again.ticket ?? '', dev);
    const body = res.json<Body>();
    expect(body.ret_code, res.body).toBe(0);
    expect(body.result).toMatchObject({ new_user: false, use_thirdparty: true });
    expect(sessionCookieOf(res)).toBeTruthy();
    // The account's sign-in history says how it came in.
    const latest = await app.db
      .selectFrom('sign_in_history')
      .innerJoin('users', 'users.id', 'sign_in_history.user_id')
      .select(['sign_in_history.method', 'sign_in_history.result'])
      .where('users.email', '=', email)
      .orderBy('sign_in_history.at', 'desc')
      .executeTakeFirst();
    expect(latest).toEqual({ method: 'social', result: 'success' });
  });

  it('never links by e-mail: a verified address of an existing account still asks to bind', async () => {
    const dev = device();
    const email = `${crypto.randomUUID()}@example.com`;
    await createAccount(app, { email });
    const back = await signIn('google', newUser({ email }), dev);
    expect((await thirdParty('google', back.ticket ?? '', dev)).json<Body>().ret_code).toBe(
      RetCode.ThirdPartyNotBound,
    );
  });

  it("Apple: form_post, the name from the first authorization's user field, email_verified as a string", async () => {
    const dev = device();
    const back = await signIn('apple', newUser({ name: undefined, email_verified: 'true' }), dev, {
      user: JSON.stringify({ name: { firstName: 'Ada', lastName: 'Lovelace' } }),
    });
    expect(back.error).toBeNull();
    const body = (await thirdParty('apple', back.ticket ?? '', dev)).json<Body>();
    expect(body.result['third_user']).toMatchObject({
      provider: 'apple',
      name: 'Ada Lovelace',
      email_verified: true,
    });
  });

  it('keeps the page query (channel, utm) and drops stale return keys', async () => {
    const dev = device();
    const url = await start(
      'google',
      dev,
      `&return_query=${encodeURIComponent('ref=R1&utmsource=x&third_ticket=old')}`,
    );
    const { code, state } = issuers.google.authorize(url, newUser());
    const back = await callback('google', { code, state });
    expect(back.location.searchParams.get('ref')).toBe('R1');
    expect(back.location.searchParams.get('utmsource')).toBe('x');
    expect(back.location.searchParams.getAll('third_ticket')).toEqual([back.ticket]);
  });
});

describe('refusals, each with a clear code', () => {
  const refusedToken = async (tamper: Parameters<typeof issuers.google.tamperNext>[0]) => {
    const dev = device();
    const url = await start('google', dev);
    const { code, state } = issuers.google.authorize(url, newUser());
    issuers.google.tamperNext(tamper);
    const back = await callback('google', { code, state });
    if (back.error !== null) expect(back.ticket).toBeNull();
    return back.error;
  };

  it('a valid id_token passes (the control for the cases below)', async () => {
    expect(await refusedToken({})).toBeNull();
  });
  it('wrong signature', async () => {
    expect(await refusedToken({ signWithOtherKey: true })).toBe(String(RetCode.ThirdPartyAuthFailed));
  });
  it('wrong issuer', async () => {
    expect(await refusedToken({ iss: 'https://evil.test' })).toBe(String(RetCode.ThirdPartyAuthFailed));
  });
  it('wrong audience', async () => {
    expect(await refusedToken({ aud: 'someone-else' })).toBe(String(RetCode.ThirdPartyAuthFailed));
  });
  it('expired', async () => {
    expect(await refusedToken({ expInSec: -3600 })).toBe(String(RetCode.ThirdPartyAuthFailed));
  });
  it("a replayed nonce (an earlier login's token)", async () => {
    const dev = device();
    const earlier = new URL(await start('google', dev)).searchParams.get('nonce') ?? '';
    expect(await refusedToken({ nonce: earlier })).toBe(String(RetCode.ThirdPartyAuthFailed));
  });

  it('missing, unknown, other-provider and reused state', async () => {
    const dev = device();
    const url = await start('google', dev);
    const { code, state } = issuers.google.authorize(url, newUser());
    expect((await callback('google', { code })).error).toBe(String(RetCode.ThirdPartyStateInvalid));
    expect((await callback('google', { code, state: 'x'.repeat(43) })).error).toBe(
      String(RetCode.ThirdPartyStateInvalid),
    );
    const appleUrl = await start('apple', dev);
    const appleState = new URL(appleUrl).searchParams.get('state') ?? '';
    expect((await callback('google', { code, state: appleState })).error).toBe(
      String(RetCode.ThirdPartyStateInvalid),
    );
    expect((await callback('google', { code, state })).error).toBeNull();
    expect((await callback('google', { code, state })).error).toBe(String(RetCode.ThirdPartyStateInvalid));
  });

  it('a code used twice (with a fresh state) is refused by the provider', async () => {
    const dev = device();
    const { code, state } = issuers.google.authorize(await start('google', dev), newUser());
    expect((await callback('google', { code, state })).error).toBeNull();
    const fresh = new URL(await start('google', dev)).searchParams.get('state') ?? '';
    expect((await callback('google', { code, state: fresh })).error).toBe(
      String(RetCode.ThirdPartyAuthFailed),
    );
  });

  it('the provider answered an error (the person cancelled)', async () => {
    const state = new URL(await start('google', device())).searchParams.get('state') ?? '';
    expect((await callback('google', { error: 'access_denied', state })).error).toBe(
      String(RetCode.ThirdPartyAuthFailed),
    );
  });

  it('a ticket works once, in the browser that started, for its provider', async () => {
    const dev = device();
    const a = await signIn('google', newUser(), dev);
    expect((await thirdParty('google', a.ticket ?? '', device())).json<Body>().ret_code).toBe(
      RetCode.ThirdPartyStateInvalid,
    );
    const b = await signIn('google', newUser(), dev);
    expect((await thirdParty('apple', b.ticket ?? '', dev)).json<Body>().ret_code).toBe(
      RetCode.ThirdPartyStateInvalid,
    );
    const c = await signIn('google', newUser(), dev);
    expect((await thirdParty('google', c.ticket ?? '', dev)).json<Body>().ret_code).toBe(
      RetCode.ThirdPartyNotBound,
    );
    expect((await thirdParty('google', c.ticket ?? '', dev)).json<Body>().ret_code).toBe(
      RetCode.ThirdPartyStateInvalid,
    );
  });

  it('parallel replays of one callback and of one ticket: exactly one wins (atomic in the store)', async () => {
    const dev = device();
    const { code, state } = issuers.google.authorize(await start('google', dev), newUser());
    const callbacks = await Promise.all(Array.from({ length: 6 }, () => callback('google', { code, state })));
    const tickets = callbacks.map((c) => c.ticket).filter((t): t is string => t !== null);
    expect(tickets).toHaveLength(1);
    const posts = await Promise.all(
      Array.from({ length: 6 }, () => thirdParty('google', tickets[0] ?? '', dev)),
    );
    const codes = posts.map((p) => p.json<Body>().ret_code);
    expect(codes.filter((c) => c === RetCode.ThirdPartyNotBound)).toHaveLength(1);
    expect(codes.filter((c) => c === RetCode.ThirdPartyStateInvalid)).toHaveLength(5);
  });

  it('a pending bind is used once; an account gets one identity per provider', async () => {
    const dev = device();
    const email = `${crypto.randomUUID()}@example.com`;
    await createAccount(app, { email });
    const pendingOf = async () => {
      const back = await signIn('google', newUser(), dev);
      return (await thirdParty('google', back.ticket ?? '', dev)).json<Body>().result[
        'third_pending_id'
      ] as string;
    };
    const loginWith = async (pending: string) =>
      (await loginAndBind(email, pending, dev)).json<Body>().result['third_bind_result'];
    const first = await pendingOf();
    expect(await loginWith(first)).toBe('success|login_bind');
    expect(await loginWith(first)).toBe('1001|expired');
    expect(await loginWith(await pendingOf())).toBe('1003|account_taken');
  });
});

describe('provider switched off', () => {
  it('answers 40006 and the login page bootstrap has no button', async () => {
    const off = await testApp();
    try {
      const res = await off.inject({
        url: '/x-api/user/public/login/thirdparty/authorize?third_type=google',
        headers: device().headers,
      });
      expect(res.json<Body>().ret_code).toBe(RetCode.ThirdPartyProviderOff);
      const page = await off.inject({ url: '/en/login' });
      expect(page.body).not.toContain('socialLogin');
    } finally {
      await off.close();
    }
  });

  it('is on only for the configured sites', async () => {
    const some = await testApp({ ...issuers.env, GOOGLE_SITES: 'EU' }, { socialFetch: issuers.fetch });
    try {
      const res = await some.inject({
        url: '/x-api/user/public/login/thirdparty/authorize?third_type=google',
        headers: device().headers,
      });
      expect(res.json<Body>().ret_code).toBe(RetCode.ThirdPartyProviderOff);
      const page = await some.inject({ url: '/en/login' });
      expect(page.body).toContain('"socialLogin":{"providers":["apple"]}');
    } finally {
      await some.close();
    }
  });
});

describe('bindings and unbind', () => {
  it('lists the bound provider; unbind needs the password; then it is gone', async () => {
    const dev = device();
    const email = `${crypto.randomUUID()}@example.com`;
    await createAccount(app, { email });
    const back = await signIn('apple', newUser(), dev);
    const pending = (await thirdParty('apple', back.ticket ?? '', dev)).json<Body>().result[
      'third_pending_id'
    ];
    const res = await loginAndBind(email, pending, dev);
    const cookies = { gh_session: sessionCookieOf(res) ?? '' };
    const list = await app.inject({
      url: '/x-api/user/private/thirdparty/bindings',
      headers: dev.headers,
      cookies,
    });
    expect(list.json<Body>().result).toMatchObject({
      bindings: [{ provider: 'apple' }],
      enabled: ['google', 'apple'],
    });
    const unbind = (password: string) =>
      postJson(
        app,
        '/user/private/thirdparty/unbind',
        { third_type: 'apple', ...encryptedPassword(app, password) },
        dev,
        {
          cookies,
        },
      );
    expect((await unbind('not the password')).json<Body>().ret_code).toBe(RetCode.PasswordWrong);
    expect((await unbind(PASSWORD)).json<Body>()).toMatchObject({
      ret_code: 0,
      result: { provider: 'apple' },
    });
    expect((await unbind(PASSWORD)).json<Body>().ret_code).toBe(RetCode.AccountNotBound);
  });
});

describe('logs', () => {
  it('never carry the code, the state, the ticket or the pending id', async () => {
    const lines: string[] = [];
    const logged = await testApp(
      { ...issuers.env, LOG_LEVEL: 'info' },
      { socialFetch: issuers.fetch, logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      const dev = device();
      const startRes = await logged.inject({
        url: '/x-api/user/public/login/thirdparty/authorize?third_type=google',
        headers: dev.headers,
      });
      const url = startRes.json<Body>().result['authorize_url'] as string;
      const { code, state } = issuers.google.authorize(url, newUser());
      const back = await logged.inject({
        url: `/auth/thirdparty/callback/google?code=${code}&state=${state}`,
      });
      const ticket =
        new URL(String(back.headers.location), 'http://localhost').searchParams.get('third_ticket') ?? '';
      // A refused replay logs its reason (warn), still without the values.
      await logged.inject({ url: `/auth/thirdparty/callback/google?code=${code}&state=${state}` });
      const login = await postJson(
        logged,
        '/user/public/login/thirdparty',
        { third_type: 'google', third_ticket: ticket },
        dev,
      );
      const pending = login.json<Body>().result['third_pending_id'] as string;
      expect(pending).toBeTruthy();
      const output = lines.join('\n');
      expect(output).toContain('social login callback refused');
      for (const value of [code, state, ticket, pending, new URL(url).searchParams.get('nonce') ?? 'x'])
        expect(output).not.toContain(value);
    } finally {
      await logged.close();
    }
  });
});
