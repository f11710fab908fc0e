import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { setFeatureFlags } from '../../test-support/feature-flags.js';
import { testApp } from '../../test-support/test-app.js';
import { throttleKey } from './registration-secrets.js';
import {
  GOOD_PASSWORD,
  encryptedPassword,
  freshEmail,
  freshIp,
  get,
  latestCode,
  otherCode,
  outbox,
  post,
  type CallOptions,
} from './registration.test-kit.js';

let app: App;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

interface Envelope<T = Record<string, unknown>> {
  ret_code: number;
  ret_msg: string;
  result: T;
  token?: string;
}

const body = <T = Record<string, unknown>>(res: { json: () => unknown }) => res.json() as Envelope<T>;

async function startEmail(email: string, extra: Record<string, unknown> = {}, opts: CallOptions = {}) {
  const res = await post(app, '/user/public/register/info', { email, ...extra }, opts);
  return body<{ uuid: string; login_name: string; next: string; resend_in: number; expires_in: number }>(res);
}

async function verified(email: string, opts: CallOptions = {}) {
  const started = await startEmail(email, {}, opts);
  expect(started.ret_code).toBe(0);
  const { uuid } = started.result;
  const code = await latestCode(app, email);
  expect(body(await post(app, '/user/public/register/verify', { uuid, code }, opts)).ret_code).toBe(0);
  return uuid;
}

const setPassword = (uuid: string, password = GOOD_PASSWORD, opts: CallOptions = {}, extra = {}) =>
  post(app, '/user/public/register/password', { uuid, ...encryptedPassword(app, password), ...extra }, opts);

const recall = async (uuid: string, opts: CallOptions = {}) =>
  body<{ recall_stage: string; login_name: string; platform: string; version: string }>(
    await get(app, `/user/public/register/recall/info?uuid=${uuid}`, opts),
  );

const countRows = async (table: 'users' | 'registrations' | 'signup_channels') =>
  Number(
    (
      await app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('sign-up by e-mail with a code', () => {
  it('goes info → verify → password, logs in, and recall follows every stage', async () => {
    const email = freshEmail();
    const started = await startEmail(email.toUpperCase(), {
      platform: 'h5',
      version: 'new',
      affiliate_id: '12345',
      medium: 'newsletter',
      ext_json: { eu_subscription: 1, is_manual_input: true },
      telegram_callback: 'secret-ish',
    });
    expect(started).toMatchObject({
      ret_code: 0,
      result: { next: 'verify', channel: 'email', verify_type: 'code', expires_in: 600, resend_in: 60 },
    });
    const { uuid } = started.result;
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(started.result.login_name).toMatch(/\*\*\*@example\.com$/);

    const [message] = await outbox(app, email);
    expect(message).toMatchObject({ channel: 'email', kind: 'register-code', locale: 'en' });
    expect(message?.code).toMatch(/^\d{6}$/);
    const code = message?.code ?? '';
    expect(message?.body).toContain(code);

    // The code is stored only as a hash.
    const row = await app.db
      .selectFrom('registrations')
      .selectAll()
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect(row.login_name).toBe(email);

    expect(await recall(uuid)).toMatchObject({
      ret_code: 0,
      result: { recall_stage: 'verify', platform: 'h5', version: 'new' },
    });
    expect(body(await get(app, `/user/public/register/verify/result?uuid=${uuid}`)).result).toEqual({
      verify_result: 0,
    });

    expect(body(await post(app, '/user/public/register/verify', { uuid, code }))).toEqual({
      ret_code: 0,
      ret_msg: 'OK',
      result: { verify_result: 1 },
    });
    expect((await recall(uuid)).result.recall_stage).toBe('commit_password');

    const res = await setPassword(uuid);
    const done = body<{ user_id: number; new_user: boolean; site: string }>(res);
    expect(done).toMatchObject({ ret_code: 0, result: { new_user: true, site: 'global' } });
    expect(done.token).toBeUndefined();
    expect(done.result.user_id).toBeGreaterThan(999_999_999);
    const cookie = res.cookies.find((c) => c.name === 'gh_session');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.httpOnly).toBe(true);
    expect(await app.sessions.verify(cookie?.value ?? '')).toMatchObject({
      userId: String(done.result.user_id),
    });

    const account = await app.accounts.findByEmail(email);
    expect(account).toMatchObject({
      id: String(done.result.user_id),
      status: 'active',
      site: 'global',
      lang: 'en',
    });
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);

    const channel = await app.db
      .selectFrom('signup_channels')
      .selectAll()
      .where('user_id', '=', String(done.result.user_id))
      .executeTakeFirstOrThrow();
    expect(channel).toMatchObject({ affiliate_id: '12345', platform: 'h5' });
    expect(JSON.parse(channel.ext_json ?? '{}')).toEqual({ eu_subscription: 1, is_manual_input: 1 });
    expect(JSON.parse(channel.utm_json ?? '{}')).toEqual({ medium: 'newsletter' });
    expect(JSON.stringify(channel)).not.toContain('secret-ish');

    expect((await recall(uuid)).result.recall_stage).toBe('commit_login');
    // The flow is finished: neither step can run again.
    expect(body(await setPassword(uuid)).ret_code).toBe(RetCode.RegisterStepInvalid);
    expect(body(await post(app, '/user/public/register/verify', { uuid, code })).ret_code).toBe(
      RetCode.RegisterStepInvalid,
    );
  });

  it('gives the token in the body only to clients that ask for header transport', async () => {
    const uuid = await verified(freshEmail());
    const res = await setPassword(uuid, GOOD_PASSWORD, { headers: { 'x-session-transport': 'header' } });
    const token = body(res).token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.cookies.find((c) => c.name === 'gh_session')?.value).toBe(token);
  });

  it('writes the code in the page language', async () => {
    const email = freshEmail();
    await startEmail(email, {}, { headers: { lang: 'de-DE' } });
    expect((await outbox(app, email))[0]?.locale).toBe('de-DE');
  });
});

describe('sign-up by mobile', () => {
  it('normalises to E.164, sends the code by SMS and creates the account', async () => {
    const started = body<{ uuid: string; channel: string; login_name: string }>(
      await post(app, '/user/public/register/info', { country_code: '44', mobile: '07911 123456' }),
    );
    expect(started).toMatchObject({ ret_code: 0, result: { channel: 'mobile', login_name: '+447****3456' } });
    const [sms] = await outbox(app, '+447911123456');
    expect(sms).toMatchObject({ channel: 'sms', kind: 'register-code' });
    const { uuid } = started.result;
    await post(app, '/user/public/register/verify', { uuid, code: sms?.code });
    const done = body<{ user_id: number }>(await setPassword(uuid));
    expect(done.ret_code).toBe(0);
    expect(await app.accounts.findByMobile('+447911123456')).toMatchObject({
      id: String(done.result.user_id),
    });
  });

  it('refuses an invalid number with MOBILE_INVALID and writes nothing', async () => {
    const before = await countRows('registrations');
    for (const payload of [
      { country_code: '44', mobile: '12345' },
      { country_code: '999', mobile: '7911123456' },
    ]) {
      expect(body(await post(app, '/user/public/register/info', payload)).ret_code).toBe(
        RetCode.MobileInvalid,
      );
    }
    expect(
      body(await post(app, '/user/public/register/info', { country_code: '44', mobile: 'abc' })).ret_code,
    ).toBe(RetCode.ParamsInvalid);
    expect(await countRows('registrations')).toBe(before);
  });

  it('refuses numbers of blocked countries, Ontario included (PHONE_LIMIT)', async () => {
    for (const mobile of ['2025550123', '4165550123']) {
      expect(
        body(await post(app, '/user/public/register/info', { country_code: '1', mobile })).ret_code,
      ).toBe(RetCode.PhoneLimit);
    }
    // British Columbia is fine.
    expect(
      body(await post(app, '/user/public/register/info', { country_code: '1', mobile: '6045550123' }))
        .ret_code,
    ).toBe(0);
  });

  it('is not offered where the site hides phone sign-up (EU)', async () => {
    const res = await post(
      app,
      '/user/public/register/info',
      { country_code: '49', mobile: '15123456789', residence_country: 'DE' },
      { host: 'eu.localhost' },
    );
    expect(body(res).ret_code).toBe(RetCode.ParamsInvalid);
  });

  it('is not offered when the operator switched it off (feature_flags.phoneSignUp); e-mail still is', async () => {
    await setFeatureFlags(app, { phoneSignUp: false });
    try {
      const res = await post(app, '/user/public/register/info', {
        country_code: '44',
        mobile: '07911 654321',
      });
      expect(body(res).ret_code).toBe(RetCode.ParamsInvalid);
      expect(await outbox(app, '+447911654321')).toEqual([]);
      expect((await startEmail(freshEmail())).ret_code).toBe(0);
    } finally {
      await setFeatureFlags(app, {});
    }
  });
});

describe('verify by link', () => {
  it('verifies once by the link token while the first tab polls the result', async () => {
    const email = freshEmail();
    const started = await startEmail(email, { verify_type: 'link' }, { host: 'localhost:3000' });
    expect(started.result).toMatchObject({ verify_type: 'link' });
    const { uuid } = started.result;
    const [message] = await outbox(app, email);
    expect(message?.kind).toBe('register-link');
    expect(message?.code).toBeNull();
    const link = new URL(message?.link ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/en/email-code-verify');
    expect(link.searchParams.get('uuid')).toBe(uuid);
    const token = link.searchParams.get('token') ?? '';

    const poll = async () =>
      body<{ verify_result: number }>(await get(app, `/user/public/register/verify/result?uuid=${uuid}`))
        .result.verify_result;
    expect(await poll()).toBe(0);
    expect(
      body(await post(app, '/user/public/register/verify', { uuid, token: 'A'.repeat(43) })).ret_code,
    ).toBe(RetCode.VerifyCodeInvalid);
    expect(body(await post(app, '/user/public/register/verify', { uuid, code: '123456' })).ret_code).toBe(
      RetCode.ParamsInvalid,
    );
    expect(body(await post(app, '/user/public/register/verify', { uuid, token })).result).toEqual({
      verify_result: 1,
    });
    expect(await poll()).toBe(1);
    // Single use.
    expect(body(await post(app, '/user/public/register/verify', { uuid, token })).ret_code).toBe(
      RetCode.RegisterStepInvalid,
    );
    expect(body(await setPassword(uuid)).ret_code).toBe(0);
  });

  it('expires', async () => {
    const email = freshEmail();
    const { uuid } = (await startEmail(email, { verify_type: 'link' })).result;
    const token = new URL((await outbox(app, email))[0]?.link ?? '').searchParams.get('token');
    await app.db
      .updateTable('registrations')
      .set({ link_expires_at: Date.now() - 1 })
      .where('uuid', '=', uuid)
      .execute();
    expect(body(await post(app, '/user/public/register/verify', { uuid, token })).ret_code).toBe(
      RetCode.VerifyCodeExpired,
    );
  });
});

describe('codes', () => {
  it('counts wrong codes, refuses expired ones and never accepts one twice', async () => {
    const email = freshEmail();
    const { uuid } = (await startEmail(email)).result;
    const code = await latestCode(app, email);
    const wrong = body(await post(app, '/user/public/register/verify', { uuid, code: otherCode(code) }));
    expect(wrong).toMatchObject({ ret_code: RetCode.VerifyCodeInvalid, result: { remaining_attempts: 4 } });
    expect(wrong.ret_msg).toBe('The verification code is incorrect.');

    await app.db
      .updateTable('registrations')
      .set({ code_expires_at: Date.now() - 1 })
      .where('uuid', '=', uuid)
      .execute();
    expect(body(await post(app, '/user/public/register/verify', { uuid, code })).ret_code).toBe(
      RetCode.VerifyCodeExpired,
    );
    await app.db
      .updateTable('registrations')
      .set({ code_expires_at: Date.now() + 60_000 })
      .where('uuid', '=', uuid)
      .execute();
    expect(body(await post(app, '/user/public/register/verify', { uuid, code })).ret_code).toBe(0);
    expect(body(await post(app, '/user/public/register/verify', { uuid, code })).ret_code).toBe(
      RetCode.RegisterStepInvalid,
    );
  });

  it('burns the code after five wrong attempts, even when they come at once', async () => {
    const email = freshEmail();
    const { uuid } = (await startEmail(email)).result;
    const code = await latestCode(app, email);
    const answers = await Promise.all(
      Array.from({ length: 7 }, () =>
        post(app, '/user/public/register/verify', { uuid, code: otherCode(code) }),
      ),
    );
    const codes = answers.map((r) => body(r).ret_code);
    expect(codes.filter((c) => c === RetCode.VerifyCodeInvalid)).toHaveLength(4);
    expect(codes.filter((c) => c === RetCode.VerifyCodeAttemptsExceeded)).toHaveLength(3);
    // The right code no longer works: ask for a new one.
    expect(body(await post(app, '/user/public/register/verify', { uuid, code })).ret_code).toBe(
      RetCode.VerifyCodeAttemptsExceeded,
    );
  });

  it('resends only after the cooldown, with a fresh code that replaces the old one', async () => {
    const email = freshEmail();
    const ip = freshIp();
    const { uuid } = (await startEmail(email, {}, { ip })).result;
    const first = await latestCode(app, email);
    const early = body<{ retry_after: number }>(
      await post(app, '/user/public/register/send/verify/item', { uuid }, { ip }),
    );
    expect(early.ret_code).toBe(RetCode.TooFrequent);
    expect(early.result.retry_after).toBeGreaterThan(55);
    expect(early.result.retry_after).toBeLessThanOrEqual(60);
    // A new flow for the same address does not dodge the cooldown either.
    expect((await startEmail(email, {}, { ip: freshIp() })).ret_code).toBe(RetCode.TooFrequent);

    await app.kv.del(`reg:cool:${throttleKey(email)}`); // the minute has passed
    const again = body(await post(app, '/user/public/register/send/verify/item', { uuid }, { ip }));
    expect(again).toMatchObject({ ret_code: 0, result: { uuid, resend_in: 60 } });
    const second = await latestCode(app, email);
    expect((await outbox(app, email)).filter((m) => m.kind === 'register-code')).toHaveLength(2);
    if (second !== first) {
      expect(body(await post(app, '/user/public/register/verify', { uuid, code: first })).ret_code).toBe(
        RetCode.VerifyCodeInvalid,
      );
    }
    expect(body(await post(app, '/user/public/register/verify', { uuid, code: second })).ret_code).toBe(0);
  });

  it('limits sends per client address per hour', async () => {
    const ip = freshIp();
    const key = `reg:ip:${throttleKey(ip)}:${Math.floor(Date.now() / 3_600_000)}`;
    for (let i = 0; i < 29; i++) await app.kv.incr(key, 3_600_000); // 29 sends already this hour
    expect((await startEmail(freshEmail('flood'), {}, { ip })).ret_code).toBe(0);
    const refused = await startEmail(freshEmail('flood'), {}, { ip });
    expect(refused.ret_code).toBe(RetCode.TooFrequent);
    expect((refused.result as unknown as { retry_after: number }).retry_after).toBeLessThanOrEqual(3600);
    expect((await startEmail(freshEmail('flood'))).ret_code).toBe(0); // another address is unaffected
  });
});

describe('flows', () => {
  it('answers REGISTER_FLOW_NOT_FOUND for unknown, expired and other-site flows', async () => {
    const unknown = '6f1c1a4e-3b7d-4c55-9a53-1f0f3c4e2b10';
    expect((await recall(unknown)).ret_code).toBe(RetCode.RegisterFlowNotFound);
    const email = freshEmail();
    const { uuid } = (await startEmail(email)).result;
    expect((await recall(uuid, { host: 'tr.localhost' })).ret_code).toBe(RetCode.RegisterFlowNotFound);
    await app.db
      .updateTable('registrations')
      .set({ expires_at: Date.now() - 1 })
      .where('uuid', '=', uuid)
      .execute();
    expect((await recall(uuid)).ret_code).toBe(RetCode.RegisterFlowNotFound);
    expect(body(await get(app, '/user/public/register/recall/info?uuid=nope')).ret_code).toBe(
      RetCode.ParamsInvalid,
    );
  });

  it('refuses the password step before verification', async () => {
    const { uuid } = (await startEmail(freshEmail())).result;
    expect(body(await setPassword(uuid)).ret_code).toBe(RetCode.RegisterStepInvalid);
  });
});

describe('passwords', () => {
  it('refuses a stale or replayed encrypted password and creates nothing', async () => {
    const email = freshEmail();
    const uuid = await verified(email);
    const stale = encryptedPassword(app, GOOD_PASSWORD, 'prod', Date.now() - 10 * 60_000);
    expect(body(await post(app, '/user/public/register/password', { uuid, ...stale })).ret_code).toBe(
      RetCode.PasswordTimestampStale,
    );
    expect(await app.accounts.findByEmail(email)).toBeUndefined();
    const fresh = encryptedPassword(app, GOOD_PASSWORD);
    expect(body(await post(app, '/user/public/register/password', { uuid, ...fresh })).ret_code).toBe(0);
    const second = await verified(freshEmail());
    expect(body(await post(app, '/user/public/register/password', { uuid: second, ...fresh })).ret_code).toBe(
      RetCode.PasswordTimestampStale,
    );
  });

  it('refuses short and common passwords with the reason, and the flow stays open', async () => {
    const email = freshEmail();
    const uuid = await verified(email);
    expect(body(await setPassword(uuid, 'short'))).toMatchObject({
      ret_code: RetCode.PasswordTooWeak,
      result: { reason: 'too-short' },
    });
    expect(body(await setPassword(uuid, 'password123'))).toMatchObject({
      ret_code: RetCode.PasswordTooWeak,
      result: { reason: 'common' },
    });
    expect(await app.accounts.findByEmail(email)).toBeUndefined();
    expect((await recall(uuid)).result.recall_stage).toBe('commit_password');
    expect(body(await setPassword(uuid)).ret_code).toBe(0);
  });
});

describe('existing accounts and races', () => {
  it('does not reveal an existing account at the start: the owner gets a notice, nobody a code', async () => {
    const email = freshEmail('taken');
    await app.accounts.create({ email, passwordHash: 'x', lang: 'en', site: 'global' });
    const started = await startEmail(email);
    expect(started.ret_code).toBe(0);
    const [notice] = await outbox(app, email);
    expect(notice).toMatchObject({ kind: 'register-exists', code: null, link: 'http://localhost/en/login' });
  });

  it('creates exactly one account when two verified flows of one address commit at once', async () => {
    const email = freshEmail('race');
    const a = await verified(email);
    await app.kv.del(`reg:cool:${throttleKey(email)}`);
    const b = await verified(email);
    const answers = await Promise.all([setPassword(a), setPassword(b)]);
    const codes = answers.map((r) => body(r).ret_code).sort((x, y) => x - y);
    expect(codes).toEqual([0, RetCode.AccountExists]);
    const users = await app.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
    const channels = await app.db
      .selectFrom('signup_channels')
      .select('user_id')
      .where('user_id', '=', users[0]?.id ?? '')
      .execute();
    expect(channels).toHaveLength(1);
  });

  it('commits one flow once even when its password step is sent twice at once', async () => {
    const email = freshEmail('twice');
    const uuid = await verified(email);
    const answers = await Promise.all([setPassword(uuid), setPassword(uuid)]);
    expect(answers.map((r) => body(r).ret_code).sort((x, y) => x - y)).toEqual([
      0,
      RetCode.RegisterStepInvalid,
    ]);
    expect(await app.db.selectFrom('users').select('id').where('email', '=', email).execute()).toHaveLength(
      1,
    );
  });
});

describe('bad input and blocked countries', () => {
  it('refuses a malformed e-mail with PARAMS_INVALID and writes nothing', async () => {
    const before = await countRows('registrations');
    for (const payload of [
      { email: 'not-an-email' },
      {},
      { email: 'a@example.com', country_code: '44', mobile: '7911123456' },
    ]) {
      expect(body(await post(app, '/user/public/register/info', payload)).ret_code).toBe(
        RetCode.ParamsInvalid,
      );
    }
    expect(await countRows('registrations')).toBe(before);
    expect(await outbox(app, 'not-an-email')).toEqual([]);
  });

  it('refuses a blocked residence (Ontario included) and mainland-China mail', async () => {
    const before = await countRows('registrations');
    expect((await startEmail(freshEmail(), { residence_country: 'us' })).ret_code).toBe(
      RetCode.ResidenceCountryBlocked,
    );
    expect(
      (await startEmail(freshEmail(), { residence_country: 'CA', residence_subdivision: 'ON' })).ret_code,
    ).toBe(RetCode.ResidenceCountryBlocked);
    expect((await startEmail('someone@qq.com')).ret_code).toBe(RetCode.ChinaMail);
    expect(await countRows('registrations')).toBe(before);
    expect(
      (await startEmail(freshEmail(), { residence_country: 'CA', residence_subdivision: 'BC' })).ret_code,
    ).toBe(0);
  });

  it('refuses sign-up from a blocked client country when a trusted proxy says so', async () => {
    const proxied = await testApp({ TRUST_PROXY: 'true' });
    try {
      const res = await post(
        proxied,
        '/user/public/register/info',
        { email: freshEmail() },
        { headers: { 'x-client-country': 'IR' } },
      );
      expect(body(res).ret_code).toBe(RetCode.RegionRegistrationRestricted);
    } finally {
      await proxied.close();
    }
  });

  it('needs the residence on regulated sites', async () => {
    expect((await startEmail(freshEmail(), {}, { host: 'eu.localhost' })).ret_code).toBe(
      RetCode.ResidenceNotConfirmed,
    );
  });
});

describe('one-shot sign-up (older UI)', () => {
  it('sends a code keyed by the e-mail and creates the account with code + password', async () => {
    const email = freshEmail('oneshot');
    const sent = body(await post(app, '/verify/register/email', { email }));
    expect(sent).toMatchObject({ ret_code: 0, result: { channel: 'email', verify_type: 'code' } });
    const code = await latestCode(app, email);
    const commit = (verify_code: string) =>
      post(app, '/register/email', {
        email,
        verify_code,
        ...encryptedPassword(app, GOOD_PASSWORD),
        regist_channel: 'web2',
      });
    expect(body(await commit(otherCode(code)))).toMatchObject({
      ret_code: RetCode.VerifyCodeInvalid,
      result: { remaining_attempts: 4 },
    });
    const res = await commit(code);
    const done = body<{ user_id: number }>(res);
    expect(done).toMatchObject({ ret_code: 0, result: { new_user: true } });
    expect(res.cookies.find((c) => c.name === 'gh_session')?.value).toBeTruthy();
    const channel = await app.db
      .selectFrom('signup_channels')
      .select('regist_channel')
      .where('user_id', '=', String(done.result.user_id))
      .executeTakeFirst();
    expect(channel?.regist_channel).toBe('web2');
    // Used: the same code cannot create anything again.
    expect(body(await commit(code)).ret_code).toBe(RetCode.VerifyCodeExpired);
  });

  it('works by mobile and refuses a commit without a code sent', async () => {
    const payload = { country_code: '81', mobile: '090-1234-5678' };
    expect(body(await post(app, '/verify/register/mobile', payload)).ret_code).toBe(0);
    const code = await latestCode(app, '+819012345678');
    const res = await post(app, '/register/mobile', {
      ...payload,
      verify_code: code,
      ...encryptedPassword(app, GOOD_PASSWORD),
    });
    expect(body(res).ret_code).toBe(0);
    expect(
      body(
        await post(app, '/register/email', {
          email: freshEmail(),
          verify_code: '123456',
          ...encryptedPassword(app, GOOD_PASSWORD),
        }),
      ).ret_code,
    ).toBe(RetCode.VerifyCodeExpired);
  });

  it('signs up on a regulated site through register_compliance with the residence', async () => {
    const email = freshEmail('eu');
    const host = { host: 'eu.localhost' };
    expect(body(await post(app, '/verify/register/email', { email }, host)).ret_code).toBe(
      RetCode.ResidenceNotConfirmed,
    );
    expect(
      body(await post(app, '/verify/register/email', { email, residence_country: 'FR' }, host)).ret_code,
    ).toBe(0);
    const [message] = await outbox(app, email);
    expect(message?.locale).toBe('en-EU');
    const commit = { email, verify_code: message?.code ?? '', ...encryptedPassword(app, GOOD_PASSWORD) };
    expect(body(await post(app, '/user/public/register_compliance', commit, host)).ret_code).toBe(
      RetCode.ParamsInvalid,
    );
    const res = await post(
      app,
      '/user/public/register_compliance',
      { ...commit, residence_country: 'FR' },
      host,
    );
    const done = body<{ site: string; user_id: number }>(res);
    expect(done).toMatchObject({ ret_code: 0, result: { site: 'EU', new_user: true } });
    expect(await app.accounts.findById(String(done.result.user_id))).toMatchObject({
      site: 'EU',
      residenceCountry: 'FR',
    });
  });
});
