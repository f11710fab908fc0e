import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { testApp } from '../../test-support/test-app.js';
import type { Account } from '../accounts/accounts.repository.js';
import {
  createAccount,
  device,
  login,
  loginFully,
  outboxCode,
  postJson,
  sessionCookieOf,
  type Device,
} from '../login/login.test-kit.js';
import { call, tgUser, widgetCallback } from '../telegram/telegram.test-kit.js';
import { bindAuthenticator, codeAt, type BoundAuthenticator } from './two-factor.test-kit.js';

/**
 * The login's authenticator step (docs/flows/two-factor.md), attacked as a client would: skipping it,
 * replaying codes, racing a backup code, and bursts of guesses. The clock is fixed mid-step so the
 * window and replay rules are exact.
 */
const EMAIL = 'ann.lee@example.com';
const byEmail = { email: EMAIL };
let app: App;
let ann: Account;
let home: Device;
let auth: BoundAuthenticator;
let clock: number;

type Answer = { ret_code: number; result: Record<string, unknown> | null };

beforeEach(async () => {
  // Mid-step, so "one step either side" is exact; set-up ten minutes (twenty steps) earlier.
  const T0 = Math.floor(Date.now() / 30_000) * 30_000 + 15_000;
  clock = T0 - 10 * 60_000;
  vi.spyOn(Date, 'now').mockImplementation(() => clock);
  app = await testApp();
  ann = await createAccount(app, { email: EMAIL });
  home = device();
  const cookie = await loginFully(app, byEmail, EMAIL, home);
  auth = await bindAuthenticator(app, cookie, home);
  clock = T0;
});
afterEach(async () => {
  await app.close();
  vi.restoreAllMocks();
});

/** The password step on a device the account knows: the 2FA challenge, and no session. */
async function passwordStep(dev: Device = home): Promise<string> {
  const res = await login(app, byEmail, 'a quiet lighthouse keeper', dev);
  const body = res.json<Answer>();
  expect(body).toMatchObject({ ret_code: 0, result: { user_id: null, need_verify: null } });
  expect(sessionCookieOf(res)).toBeUndefined();
  const need = body.result?.['need_2fa'] as { challenge_id: string; methods: string[] };
  expect(need.methods).toEqual(['totp', 'backup_code']);
  return need.challenge_id;
}

const secondStep = (challenge_id: string, factor: Record<string, string>, dev: Device = home) =>
  postJson(app, '/user/public/login/2fa', { challenge_id, ...factor }, dev);

const codeOf = (res: { json(): unknown }) => (res.json() as Answer).ret_code;

const userInfo = (cookie: string | undefined) =>
  app.inject({ url: '/x-api/user/private/user-info', cookies: cookie ? { gh_session: cookie } : {} });

describe('the login asks for the authenticator', () => {
  it('after the password, and the session starts only with a right code', async () => {
    const challenge = await passwordStep();
    // Nothing is logged in yet: a private call without the (never set) cookie is refused.
    expect(codeOf(await userInfo(undefined))).toBe(RetCode.SessionExpired);
    const done = await secondStep(challenge, { code: codeAt(auth.secret) });
    expect(done.json()).toMatchObject({
      ret_code: 0,
      result: { user_id: Number(ann.id), need_verify: null },
    });
    const info = await userInfo(sessionCookieOf(done));
    expect(info.json()).toMatchObject({ ret_code: 0, result: { has_google2fa: true } });
  });

  it('after the new-device code too', async () => {
    const stranger = device(undefined, '192.0.2.80');
    const first = (await login(app, byEmail, 'a quiet lighthouse keeper', stranger)).json<Answer>();
    const needVerify = first.result?.['need_verify'] as { challenge_id: string };
    const verified = await postJson(
      app,
      '/user/public/login/verify',
      { challenge_id: needVerify.challenge_id, code: await outboxCode(app, EMAIL, 'login-code') },
      stranger,
    );
    expect(sessionCookieOf(verified)).toBeUndefined();
    const need = verified.json<Answer>().result?.['need_2fa'] as { challenge_id: string };
    const done = await secondStep(need.challenge_id, { code: codeAt(auth.secret) }, stranger);
    expect(codeOf(done)).toBe(0);
    expect(sessionCookieOf(done)).toBeDefined();
  });
});

describe('other ways in', () => {
  it('Telegram login proves one factor: refused for an account with 2FA, no session', async () => {
    const session = await app.sessions.create(ann.id);
    const user = tgUser();
    const bound = await call(app, 'POST', '/user/private/bind/telegram', {
      cookies: { gh_session: session },
      payload: { telegram_callback: widgetCallback(app, user) },
    });
    expect(bound.body.ret_code).toBe(0);
    const login = await call(app, 'POST', '/user/public/login/thirdparty', {
      payload: { third_type: 'telegram', telegram_callback: widgetCallback(app, user) },
    });
    expect(login.body.ret_code).toBe(RetCode.TwoFactorPasswordLoginRequired);
    expect(sessionCookieOf(login.res)).toBeUndefined();
  });
});

describe('codes', () => {
  it('are accepted one step either side of the clock, each time step once', async () => {
    // One step behind (the phone is slow): accepted.
    expect(codeOf(await secondStep(await passwordStep(), { code: codeAt(auth.secret, -1) }))).toBe(0);
    // The same code again: a replay.
    expect(codeOf(await secondStep(await passwordStep(), { code: codeAt(auth.secret, -1) }))).toBe(
      RetCode.TwoFactorCodeReused,
    );
    // One step ahead (the phone is fast): accepted; the current step is older than that now.
    expect(codeOf(await secondStep(await passwordStep(), { code: codeAt(auth.secret, 1) }))).toBe(0);
    expect(codeOf(await secondStep(await passwordStep(), { code: codeAt(auth.secret, 0) }))).toBe(
      RetCode.TwoFactorCodeReused,
    );
    // Two steps away is outside the window: a wrong code.
    const far = await secondStep(await passwordStep(), { code: codeAt(auth.secret, 2) });
    expect(far.json()).toMatchObject({
      ret_code: RetCode.VerifyCodeInvalid,
      result: { remaining_attempts: 3 },
    });
    // A minute on, the step after the last one accepted: its code works.
    clock += 60_000;
    expect(codeOf(await secondStep(await passwordStep(), { code: codeAt(auth.secret) }))).toBe(0);
  });

  it('a backup code works once: of two parallel redeems, exactly one wins', async () => {
    const [a, b] = [await passwordStep(), await passwordStep()];
    const code = auth.backupCodes[0] ?? '';
    const race = await Promise.all([
      secondStep(a, { backup_code: code }),
      secondStep(b, { backup_code: code }),
    ]);
    expect(race.map(codeOf).sort()).toEqual([0, RetCode.VerifyCodeInvalid]);
    expect(codeOf(await secondStep(await passwordStep(), { backup_code: code }))).toBe(
      RetCode.VerifyCodeInvalid,
    );
    // Another one, typed loosely, still works.
    const loose = (auth.backupCodes[1] ?? '').toUpperCase().replace('-', ' ');
    expect(codeOf(await secondStep(await passwordStep(), { backup_code: loose }))).toBe(0);
  });

  it('two right codes racing on one challenge log in once', async () => {
    const challenge = await passwordStep();
    const race = await Promise.all([
      secondStep(challenge, { code: codeAt(auth.secret) }),
      secondStep(challenge, { backup_code: auth.backupCodes[2] ?? '' }),
    ]);
    expect(race.map(codeOf).filter((c) => c === 0)).toHaveLength(1);
    expect(race.filter((r) => sessionCookieOf(r))).toHaveLength(1);
  });
});

describe('the step cannot be skipped', () => {
  it('by another call, another challenge, another device, or a used challenge', async () => {
    const challenge = await passwordStep();
    // The login-code step's call does not take the 2FA challenge.
    expect(
      codeOf(
        await postJson(app, '/user/public/login/verify', { challenge_id: challenge, code: '123456' }, home),
      ),
    ).toBe(RetCode.VerifyCodeExpired);
    // A login-code challenge is no 2FA challenge.
    const stranger = device(undefined, '192.0.2.81');
    const first = (await login(app, byEmail, 'a quiet lighthouse keeper', stranger)).json<Answer>();
    const codeChallenge = (first.result?.['need_verify'] as { challenge_id: string }).challenge_id;
    expect(codeOf(await secondStep(codeChallenge, { code: codeAt(auth.secret) }, stranger))).toBe(
      RetCode.VerifyCodeExpired,
    );
    // Made up, or from a device other than the one that gave the password.
    expect(codeOf(await secondStep('A'.repeat(32), { code: codeAt(auth.secret) }))).toBe(
      RetCode.VerifyCodeExpired,
    );
    expect(codeOf(await secondStep(challenge, { code: codeAt(auth.secret) }, device()))).toBe(
      RetCode.VerifyCodeExpired,
    );
    // Neither code nor backup code, or both.
    expect(codeOf(await secondStep(challenge, {}))).toBe(RetCode.ParamsInvalid);
    expect(codeOf(await secondStep(challenge, { code: '123456', backup_code: 'abcde-fghjk' }))).toBe(
      RetCode.ParamsInvalid,
    );
    // Used once, gone.
    expect(codeOf(await secondStep(challenge, { code: codeAt(auth.secret) }))).toBe(0);
    clock += 30_000;
    expect(codeOf(await secondStep(challenge, { code: codeAt(auth.secret) }))).toBe(
      RetCode.VerifyCodeExpired,
    );
    // Expired: five minutes after the password.
    const late = await passwordStep();
    clock += 5 * 60_000 + 1;
    expect(codeOf(await secondStep(late, { code: codeAt(auth.secret) }))).toBe(RetCode.VerifyCodeExpired);
  });
});

describe('guesses', () => {
  it('are limited per account: of a parallel burst at most four are answered "wrong", then locked', async () => {
    const challenge = await passwordStep();
    const burst = await Promise.all(
      Array.from({ length: 12 }, () => secondStep(challenge, { code: '000000' })),
    );
    const answers = burst.map(codeOf);
    // Counted before comparing: the fifth wrong code locks, and the rest are refused unchecked.
    expect(answers.filter((c) => c === RetCode.VerifyCodeInvalid).length).toBeLessThanOrEqual(4);
    expect(answers.every((c) => c === RetCode.VerifyCodeInvalid || c === RetCode.TwoFactorLocked)).toBe(true);
    expect(answers.filter((c) => c === RetCode.TwoFactorLocked).length).toBeGreaterThanOrEqual(8);
    // Locked for the account: the right code is not looked at, from a new password step either.
    expect(burst.find((r) => codeOf(r) === RetCode.TwoFactorLocked)?.json()).toMatchObject({
      result: { retry_after_seconds: expect.any(Number) as number },
    });
    expect(codeOf(await secondStep(challenge, { code: codeAt(auth.secret) }))).toBe(RetCode.TwoFactorLocked);
    expect(codeOf(await secondStep(await passwordStep(), { backup_code: auth.backupCodes[0] ?? '' }))).toBe(
      RetCode.TwoFactorLocked,
    );
    // A quarter of an hour later the owner gets in (the password step's own challenge has expired).
    clock += 15 * 60_000 + 1;
    expect(codeOf(await secondStep(await passwordStep(), { code: codeAt(auth.secret) }))).toBe(0);
  });
});
