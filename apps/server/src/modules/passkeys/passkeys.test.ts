import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PASSKEY_MAX_PER_ACCOUNT, RetCode } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { testApp, testAppPair } from '../../test-support/test-app.js';
import type { Account } from '../accounts/accounts.repository.js';
import {
  createAccount,
  device,
  encryptedPassword,
  loginFully,
  PASSWORD,
  postJson,
  sessionCookieOf,
  type Device,
} from '../login/login.test-kit.js';
import { bindAuthenticator } from '../two-factor/two-factor.test-kit.js';
import {
  assert,
  createCredential,
  HOST,
  loginOptions,
  registerPasskey,
  type CeremonyAnswer,
  type Passkey,
} from './passkeys.test-kit.js';

/**
 * Passkeys (docs/flows/passkeys.md), attacked as a client would: another origin or RP, no user
 * verification, a replayed challenge or assertion (one after the other, and in parallel on two
 * instances), a counter that did not rise, and removal without the password.
 */
const EMAIL = 'ann.lee@example.com';
let app: App;
let ann: Account;
let home: Device;
let cookie: string;

type Answer = { ret_code: number; result: Record<string, unknown> | null };
const codeOf = (res: { json(): unknown }) => (res.json() as Answer).ret_code;

beforeEach(async () => {
  app = await testApp();
  ann = await createAccount(app, { email: EMAIL });
  home = device();
  cookie = await loginFully(app, { email: EMAIL }, EMAIL, home);
});
afterEach(async () => {
  await app.close();
});

const post = (url: string, payload: unknown, dev: Device = home, host = HOST) =>
  postJson(app, url, payload, dev, { cookies: { gh_session: cookie }, host });
const list = async () =>
  (
    await app.inject({
      url: '/x-api/user/private/passkeys',
      headers: { host: HOST },
      cookies: { gh_session: cookie },
    })
  ).json<{ result: { passkeys: { id: string; name: string; last_used_at: number | null }[] } }>().result
    .passkeys;
async function sent(to: string, kind: string): Promise<number> {
  await app.delivery.settled();
  const res = await app.inject({ url: `/dev/outbox.json?to=${encodeURIComponent(to)}&limit=50` });
  return res.json<{ messages: { kind: string }[] }>().messages.filter((m) => m.kind === kind).length;
}
async function startRegistration() {
  const answer = (
    await post('/user/private/passkeys/register/options', encryptedPassword(app, PASSWORD))
  ).json<CeremonyAnswer>();
  expect(answer.ret_code).toBe(0);
  if (!answer.result) throw new Error('no options');
  return answer.result;
}
const finishLogin = (challenge_id: string, credential: unknown, dev: Device = home, host = HOST) =>
  postJson(app, '/user/public/login/passkey', { challenge_id, credential }, dev, { host });

describe('registration', () => {
  it('needs the password, makes a discoverable, user-verifying passkey of this host, and mails the owner', async () => {
    expect(
      codeOf(await post('/user/private/passkeys/register/options', encryptedPassword(app, 'wrong one'))),
    ).toBe(RetCode.PasswordWrong);
    const started = await startRegistration();
    expect(started.options).toMatchObject({
      rp: { id: 'localhost' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const { credential } = createCredential(started.options);
    const done = await post('/user/private/passkeys/register', {
      challenge_id: started.challenge_id,
      credential,
      name: 'Work laptop',
    });
    expect(done.json()).toMatchObject({
      ret_code: 0,
      result: { passkey: { id: credential.id, name: 'Work laptop' } },
    });
    expect(await list()).toMatchObject([{ id: credential.id, name: 'Work laptop', last_used_at: null }]);
    expect(await sent(EMAIL, 'passkey-added')).toBe(1);
    // The challenge was good once.
    const again = createCredential(started.options);
    expect(
      codeOf(
        await post('/user/private/passkeys/register', {
          challenge_id: started.challenge_id,
          credential: again.credential,
        }),
      ),
    ).toBe(RetCode.PasskeyChallengeExpired);
    // Already registered: the next ceremony tells the browser not to make another on it.
    const next = await startRegistration();
    expect(next.options).toMatchObject({ excludeCredentials: [{ id: credential.id }] });
  });

  it.each([
    ['another origin', { origin: 'http://evil.localhost:3000' }],
    ['another RP', { rpId: 'evil.localhost' }],
    ['no user verification', { userVerified: false }],
  ])('refuses a credential made for %s, and the challenge is spent', async (_, at) => {
    const started = await startRegistration();
    const { credential } = createCredential(started.options, at);
    const res = await post('/user/private/passkeys/register', {
      challenge_id: started.challenge_id,
      credential,
    });
    expect(codeOf(res)).toBe(RetCode.PasskeyRejected);
    expect(await list()).toEqual([]);
    const fine = createCredential(started.options);
    expect(
      codeOf(
        await post('/user/private/passkeys/register', {
          challenge_id: started.challenge_id,
          credential: fine.credential,
        }),
      ),
    ).toBe(RetCode.PasskeyChallengeExpired);
  });

  it('binds the ceremony to its device and host', async () => {
    const started = await startRegistration();
    const { credential } = createCredential(started.options);
    const body = { challenge_id: started.challenge_id, credential };
    expect(codeOf(await post('/user/private/passkeys/register', body, device()))).toBe(
      RetCode.PasskeyChallengeExpired,
    );
    const other = await startRegistration();
    const made = createCredential(other.options);
    expect(
      codeOf(
        await post(
          '/user/private/passkeys/register',
          { challenge_id: other.challenge_id, credential: made.credential },
          home,
          'eu.localhost:3000',
        ),
      ),
    ).toBe(RetCode.PasskeyChallengeExpired);
  });

  it(`keeps at most ${PASSKEY_MAX_PER_ACCOUNT} per account`, async () => {
    for (let i = 0; i < PASSKEY_MAX_PER_ACCOUNT; i++) await registerPasskey(app, cookie, home);
    expect(
      codeOf(await post('/user/private/passkeys/register/options', encryptedPassword(app, PASSWORD))),
    ).toBe(RetCode.PasskeyLimit);
  });

  it('counts the limit atomically: ceremonies started before it was reached and finished together add one', async () => {
    for (let i = 0; i < PASSKEY_MAX_PER_ACCOUNT - 1; i++) await registerPasskey(app, cookie, home);
    const ceremonies = [await startRegistration(), await startRegistration(), await startRegistration()];
    const answers = await Promise.all(
      ceremonies.map((c) =>
        post('/user/private/passkeys/register', {
          challenge_id: c.challenge_id,
          credential: createCredential(c.options).credential,
        }),
      ),
    );
    expect(answers.map(codeOf).sort()).toEqual([0, RetCode.PasskeyLimit, RetCode.PasskeyLimit]);
    expect(await list()).toHaveLength(PASSKEY_MAX_PER_ACCOUNT);
  });
});

describe('login with a passkey', () => {
  let passkey: Passkey;
  beforeEach(async () => {
    passkey = await registerPasskey(app, cookie, home, 'Phone');
  });

  it('starts a session from a new device with no code or authenticator step (two factors)', async () => {
    await bindAuthenticator(app, cookie, home);
    const stranger = device();
    const { challengeId, challenge } = await loginOptions(app, stranger);
    const res = await finishLogin(challengeId, assert(passkey, challenge), stranger);
    expect(res.json()).toMatchObject({
      ret_code: 0,
      result: { user_id: Number(ann.id), need_verify: null },
    });
    expect((res.json() as Answer).result).not.toHaveProperty('need_2fa');
    const session = sessionCookieOf(res);
    const info = await app.inject({
      url: '/x-api/user/private/user-info',
      cookies: { gh_session: session ?? '' },
    });
    expect(info.json()).toMatchObject({ ret_code: 0 });
    expect((await list())[0]?.last_used_at).toEqual(expect.any(Number));
    // The sign-in history and the session say how: a passkey, not a password.
    const history = await app.db
      .selectFrom('sign_in_history')
      .select(['method', 'result'])
      .where('user_id', '=', ann.id)
      .orderBy('at', 'desc')
      .executeTakeFirst();
    expect(history).toEqual({ method: 'passkey', result: 'success' });
  });

  it.each([
    ['another origin', { origin: 'http://evil.localhost:3000' }],
    ['another RP', { rpId: 'evil.localhost' }],
    ['no user verification', { userVerified: false }],
  ])('refuses an assertion for %s', async (_, at) => {
    const { challengeId, challenge } = await loginOptions(app, home);
    const res = await finishLogin(challengeId, assert(passkey, challenge, at));
    expect(codeOf(res)).toBe(RetCode.PasskeyRejected);
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('does not find a passkey on another site host', async () => {
    const { challengeId, challenge } = await loginOptions(app, home, 'eu.localhost:3000');
    const res = await finishLogin(
      challengeId,
      assert(passkey, challenge, { origin: 'http://eu.localhost:3000', rpId: 'eu.localhost' }),
      home,
      'eu.localhost:3000',
    );
    expect(codeOf(res)).toBe(RetCode.PasskeyRejected);
  });

  it('refuses a replayed assertion, on its own challenge and on a new one', async () => {
    const { challengeId, challenge } = await loginOptions(app, home);
    const credential = assert(passkey, challenge);
    expect(codeOf(await finishLogin(challengeId, credential))).toBe(0);
    expect(codeOf(await finishLogin(challengeId, credential))).toBe(RetCode.PasskeyChallengeExpired);
    const fresh = await loginOptions(app, home);
    expect(codeOf(await finishLogin(fresh.challengeId, credential))).toBe(RetCode.PasskeyRejected);
  });

  it('refuses a challenge from another device, and spends it', async () => {
    const { challengeId, challenge } = await loginOptions(app, home);
    const credential = assert(passkey, challenge);
    expect(codeOf(await finishLogin(challengeId, credential, device()))).toBe(
      RetCode.PasskeyChallengeExpired,
    );
    expect(codeOf(await finishLogin(challengeId, credential))).toBe(RetCode.PasskeyChallengeExpired);
  });

  it('refuses a counter that did not rise (a cloned authenticator)', async () => {
    const first = await loginOptions(app, home);
    expect(
      codeOf(await finishLogin(first.challengeId, assert(passkey, first.challenge, { counter: 5 }))),
    ).toBe(0);
    const second = await loginOptions(app, home);
    expect(
      codeOf(await finishLogin(second.challengeId, assert(passkey, second.challenge, { counter: 5 }))),
    ).toBe(RetCode.PasskeyRejected);
    const third = await loginOptions(app, home);
    expect(
      codeOf(await finishLogin(third.challengeId, assert(passkey, third.challenge, { counter: 3 }))),
    ).toBe(RetCode.PasskeyRejected);
    const fourth = await loginOptions(app, home);
    expect(
      codeOf(await finishLogin(fourth.challengeId, assert(passkey, fourth.challenge, { counter: 6 }))),
    ).toBe(0);
  });

  it('refuses a removed passkey, and a user handle of another account', async () => {
    const { challengeId, challenge } = await loginOptions(app, home);
    const forged = assert(passkey, challenge);
    forged.response.userHandle = Buffer.from('999999').toString('base64url');
    expect(codeOf(await finishLogin(challengeId, forged))).toBe(RetCode.PasskeyRejected);
  });
});

describe('one challenge used in parallel', () => {
  it('logs in once: the same assertion sent many times at once to two instances', async () => {
    const { a, b, close } = await testAppPair();
    try {
      await createAccount(a, { email: EMAIL });
      const dev = device();
      const session = await loginFully(a, { email: EMAIL }, EMAIL, dev);
      const passkey = await registerPasskey(a, session, dev);
      const { challengeId, challenge } = await loginOptions(a, dev);
      const credential = assert(passkey, challenge);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          postJson(
            i % 2 ? b : a,
            '/user/public/login/passkey',
            { challenge_id: challengeId, credential },
            dev,
            {
              host: HOST,
            },
          ),
        ),
      );
      const codes = answers.map(codeOf);
      expect(codes.filter((c) => c === 0)).toHaveLength(1);
      expect(codes.filter((c) => c === RetCode.PasskeyChallengeExpired)).toHaveLength(7);
      expect(answers.filter((r) => sessionCookieOf(r))).toHaveLength(1);
    } finally {
      await close();
    }
  });
});

describe('list, rename, remove', () => {
  it('renames, and removes only with the password; the owner is mailed', async () => {
    const passkey = await registerPasskey(app, cookie, home);
    expect((await list())[0]?.name).toBe(`${EMAIL} #1`);
    const renamed = await post('/user/private/passkeys/rename', { id: passkey.id, name: '  Yubikey  ' });
    expect(renamed.json()).toMatchObject({ ret_code: 0, result: { passkey: { name: 'Yubikey' } } });
    expect(codeOf(await post('/user/private/passkeys/rename', { id: passkey.id, name: '' }))).toBe(
      RetCode.ParamsInvalid,
    );
    expect(
      codeOf(await post('/user/private/passkeys/rename', { id: passkey.id, name: 'Phone\nClick here' })),
    ).toBe(RetCode.ParamsInvalid);

    expect(codeOf(await post('/user/private/passkeys/remove', { id: passkey.id }))).toBe(
      RetCode.ParamsInvalid,
    );
    expect(
      codeOf(
        await post('/user/private/passkeys/remove', {
          id: passkey.id,
          ...encryptedPassword(app, 'wrong one'),
        }),
      ),
    ).toBe(RetCode.PasswordWrong);
    expect(await list()).toHaveLength(1);
    const removed = await post('/user/private/passkeys/remove', {
      id: passkey.id,
      ...encryptedPassword(app, PASSWORD),
    });
    expect(removed.json()).toMatchObject({ ret_code: 0, result: { removed: true } });
    expect(await list()).toEqual([]);
    expect(await sent(EMAIL, 'passkey-removed')).toBe(1);
    // Gone for the login too.
    const { challengeId, challenge } = await loginOptions(app, home);
    expect(codeOf(await finishLogin(challengeId, assert(passkey, challenge)))).toBe(RetCode.PasskeyRejected);
  });

  it("cannot touch another account's passkey", async () => {
    const bob = device();
    await createAccount(app, { email: 'bob@example.com' });
    const bobCookie = await loginFully(app, { email: 'bob@example.com' }, 'bob@example.com', bob);
    const bobKey = await registerPasskey(app, bobCookie, bob);
    expect(codeOf(await post('/user/private/passkeys/rename', { id: bobKey.id, name: 'mine' }))).toBe(
      RetCode.PasskeyNotFound,
    );
    expect(
      codeOf(
        await post('/user/private/passkeys/remove', { id: bobKey.id, ...encryptedPassword(app, PASSWORD) }),
      ),
    ).toBe(RetCode.PasskeyNotFound);
    expect(await list()).toEqual([]);
  });

  it('refuses a Host no browser sends (a port past 65535) instead of failing (fuzz finding)', async () => {
    const res = await postJson(app, '/user/public/login/passkey/options', {}, device(), {
      host: 'localhost:99999',
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(codeOf(res)).toBe(RetCode.ParamsInvalid);
  });

  it('needs a session', async () => {
    const res = await app.inject({ url: '/x-api/user/private/passkeys', headers: { host: HOST } });
    expect(codeOf(res)).toBe(RetCode.SessionExpired);
  });
});
