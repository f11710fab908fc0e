import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { testApp, testAppPair } from '../../test-support/test-app.js';
import type { Account } from '../accounts/accounts.repository.js';
import {
  createAccount,
  device,
  login,
  loginFully,
  outboxCode,
  PASSWORD,
  postJson,
} from './login.test-kit.js';

/**
 * The attacks on password and code guessing (docs/flows/login.md "Lockout"), sent as a hostile
 * client would: bursts of parallel guesses, guesses from many addresses, and a stranger trying to
 * lock the owner out.
 */
const EMAIL = 'ann.lee@example.com';
const byEmail = { email: EMAIL };
let app: App;
let ann: Account;

beforeEach(async () => {
  app = await testApp();
  ann = await createAccount(app, { email: EMAIL });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await app.close();
});

const codes = (responses: { json(): { ret_code: number } }[]) => responses.map((r) => r.json().ret_code);

describe('password guessing', () => {
  it('verifies at most six passwords of a parallel burst from one source', async () => {
    const verify = vi.spyOn(app.passwords.hasher, 'verify');
    const attacker = device(undefined, '198.51.100.7');
    const burst = await Promise.all(
      Array.from({ length: 25 }, () => login(app, byEmail, 'not the password', attacker)),
    );
    expect(verify.mock.calls.length).toBeLessThanOrEqual(6);
    const answers = codes(burst);
    expect(answers.filter((c) => c === RetCode.PasswordWrong).length).toBeLessThanOrEqual(5);
    // The rest are refused unchecked: this source's lock, or the address limit when its count runs
    // past 20 first (which one wins depends on how the store interleaves the burst).
    const refused = [RetCode.TooManyPasswordErrors, RetCode.IpLimit] as number[];
    expect(answers.filter((c) => refused.includes(c)).length).toBeGreaterThanOrEqual(19);
    expect(answers.every((c) => c === RetCode.PasswordWrong || refused.includes(c))).toBe(true);
    // Locked for this source: even the right password is not looked at.
    verify.mockClear();
    expect((await login(app, byEmail, PASSWORD, attacker)).json().ret_code).toBe(
      RetCode.TooManyPasswordErrors,
    );
    expect(verify).not.toHaveBeenCalled();
  });

  it('does not lock the owner out: another address, or a known device on the same address, gets in', async () => {
    const attacker = device(undefined, '198.51.100.7');
    for (let n = 0; n < 6; n++) await login(app, byEmail, 'wrong', attacker);
    expect((await login(app, byEmail, PASSWORD, attacker)).json().ret_code).toBe(
      RetCode.TooManyPasswordErrors,
    );
    // The owner elsewhere, on a new device: the password works (then the usual code step).
    const elsewhere = await login(app, byEmail, PASSWORD, device(undefined, '192.0.2.44'));
    expect(elsewhere.json()).toMatchObject({ ret_code: 0, result: { need_verify: { channel: 'email' } } });
    // The owner behind the attacker's address, on a device the account knows.
    const home = device(undefined, '198.51.100.7');
    await app.devices.remember(ann.id, home.guid);
    expect((await login(app, byEmail, PASSWORD, home)).json().ret_code).toBe(0);
  });

  it('answers an unknown name to a parallel burst exactly like an account', async () => {
    const a = device(undefined, '198.51.100.8');
    const b = device(undefined, '198.51.100.9');
    const [known, unknown] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => login(app, byEmail, 'wrong', a))),
      Promise.all(Array.from({ length: 10 }, () => login(app, { email: 'nobody@example.com' }, 'wrong', b))),
    ]);
    expect(codes(unknown).sort()).toEqual(codes(known).sort());
  });

  it('holds unknown devices back after guesses from many addresses, and mails the owner an unlock link', async () => {
    // A guesser rotating addresses: 5 wrong passwords from each of 4 addresses (20 in all).
    for (let ip = 1; ip <= 4; ip++) {
      const from = device(undefined, `198.51.100.${ip}`);
      await Promise.all(Array.from({ length: 5 }, () => login(app, byEmail, 'wrong', from)));
    }
    const verify = vi.spyOn(app.passwords.hasher, 'verify');
    const fresh = device(undefined, '192.0.2.99');
    const held = await login(app, byEmail, PASSWORD, fresh);
    expect(held.json().ret_code).toBe(RetCode.TooManyPasswordErrors);
    expect(verify).not.toHaveBeenCalled();

    // A device the account knows is not held back.
    const laptop = device(undefined, '192.0.2.10');
    await app.devices.remember(ann.id, laptop.guid);
    expect((await login(app, byEmail, PASSWORD, laptop)).json().ret_code).toBe(0);

    // The link, once, whatever the number of refusals; it trusts the browser that opens it.
    await Promise.all(Array.from({ length: 3 }, () => login(app, byEmail, PASSWORD, fresh)));
    const mail = await app.inject({ url: `/dev/outbox.json?to=${EMAIL}&limit=50` });
    const unlocks = mail
      .json<{ messages: { kind: string; link: string | null }[] }>()
      .messages.filter((m) => m.kind === 'login-unlock');
    expect(unlocks).toHaveLength(1);
    const token = new URL(unlocks[0]?.link ?? '').searchParams.get('unlock') ?? '';
    expect(new URL(unlocks[0]?.link ?? '').pathname).toBe('/en/login');
    const phone = device(undefined, '192.0.2.99');
    const redeemed = await Promise.all(
      [phone, phone].map((d) => postJson(app, '/user/public/login/unlock', { token }, d)),
    );
    expect(redeemed.map((r) => r.json().result.trusted).sort()).toEqual([false, true]);
    expect((await login(app, byEmail, PASSWORD, phone)).json()).toMatchObject({
      ret_code: 0,
      result: { user_id: Number(ann.id), need_verify: null },
    });
    // Strangers stay held back.
    expect((await login(app, byEmail, PASSWORD, device(undefined, '192.0.2.100'))).json().ret_code).toBe(
      RetCode.TooManyPasswordErrors,
    );
  });

  it('refuses a junk or used unlock token without trusting anything', async () => {
    const phone = device();
    const junk = await postJson(app, '/user/public/login/unlock', { token: 'x'.repeat(43) }, phone);
    expect(junk.json()).toMatchObject({ ret_code: 0, result: { trusted: false } });
    expect(await app.devices.isKnown(ann.id, phone.guid)).toBe(false);
  });
});

describe('code guessing', () => {
  it('compares at most five guesses of a parallel burst at a login code', async () => {
    const phone = device(undefined, '192.0.2.50');
    const first = await login(app, byEmail, PASSWORD, phone);
    const { challenge_id } = first.json().result.need_verify;
    const code = await outboxCode(app, EMAIL, 'login-code');
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const guesses = [...Array.from({ length: 20 }, (_, i) => wrong(i)), code];
    const answers = codes(
      await Promise.all(
        guesses.map((g) => postJson(app, '/user/public/login/verify', { challenge_id, code: g }, phone)),
      ),
    );
    const compared = answers.filter((c) => c === 0 || c === RetCode.VerifyCodeInvalid);
    expect(compared.length).toBeLessThanOrEqual(5);
  });

  it('compares at most five guesses of a parallel burst at a reset code, and sends one code per cooldown', async () => {
    const send = () =>
      postJson(app, '/user/public/password/reset/send-code', byEmail, device(undefined, '192.0.2.60'));
    const sends = codes(await Promise.all(Array.from({ length: 8 }, send)));
    expect(sends.filter((c) => c === 0)).toHaveLength(1);
    const code = await outboxCode(app, EMAIL, 'reset-code');
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const guesses = [...Array.from({ length: 20 }, (_, i) => wrong(i)), code];
    const answers = codes(
      await Promise.all(
        guesses.map((g) =>
          postJson(app, '/user/public/password/reset/verify', { ...byEmail, code: g }, device()),
        ),
      ),
    );
    expect(answers.filter((c) => c === 0 || c === RetCode.VerifyCodeInvalid).length).toBeLessThanOrEqual(5);
  });

  it('answers a reset send without waiting for the delivery', async () => {
    vi.spyOn(app.delivery, 'send').mockImplementation(() => new Promise(() => {}));
    const res = await postJson(app, '/user/public/password/reset/send-code', byEmail, device());
    expect(res.json().ret_code).toBe(0);
  });
});

describe('a full login still works after all of this', () => {
  it('logs in with the code step on a new device', async () => {
    const session = await loginFully(app, byEmail, EMAIL, device());
    expect(session).toBeTruthy();
  });
});

/**
 * The same bursts split across two instances of one deployment (one SQLite file here; one
 * PostgreSQL schema and Redis prefix on server-pg): the limits are the store's, not an instance's.
 */
describe('guessing across two instances', () => {
  let pair: { a: App; b: App; close(): Promise<void> };
  beforeEach(async () => {
    pair = await testAppPair();
    await createAccount(pair.a, { email: 'bo@example.com' });
  });
  afterEach(() => pair.close());
  const on = (i: number) => (i % 2 === 0 ? pair.a : pair.b);

  it('verifies at most six passwords of a burst from one source, whichever instance answers', async () => {
    const spies = [pair.a, pair.b].map((app) => vi.spyOn(app.passwords.hasher, 'verify'));
    const attacker = device(undefined, '198.51.100.70');
    const burst = await Promise.all(
      Array.from({ length: 24 }, (_, i) => login(on(i), { email: 'bo@example.com' }, 'wrong', attacker)),
    );
    const verified = spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    expect(verified).toBeGreaterThan(0);
    expect(verified).toBeLessThanOrEqual(6);
    expect(codes(burst).filter((c) => c === RetCode.PasswordWrong).length).toBeLessThanOrEqual(5);
  });

  it('compares at most five guesses of a burst at one login code, whichever instance answers', async () => {
    const phone = device(undefined, '192.0.2.70');
    const first = await login(pair.a, { email: 'bo@example.com' }, PASSWORD, phone);
    const { challenge_id } = first.json().result.need_verify;
    const code = await outboxCode(pair.b, 'bo@example.com', 'login-code');
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const guesses = [...Array.from({ length: 20 }, (_, i) => wrong(i)), code];
    const answers = codes(
      await Promise.all(
        guesses.map((g, i) => postJson(on(i), '/user/public/login/verify', { challenge_id, code: g }, phone)),
      ),
    );
    expect(answers.filter((c) => c === 0 || c === RetCode.VerifyCodeInvalid).length).toBeLessThanOrEqual(5);
  });
});
