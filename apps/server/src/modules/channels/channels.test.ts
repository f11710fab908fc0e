import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { testApp } from '../../test-support/test-app.js';
import { createAccount, device, loginFully, postJson } from '../login/login.test-kit.js';
import { freshEmail, post } from '../registration/registration.test-kit.js';
import { createChannelsRepository } from './channels.repository.js';
import { envelope, signUp } from './channels.test-kit.js';
import { createPartnerAdmin, PartnerAdminError } from './partner-admin.js';

let app: App;
let admin: ReturnType<typeof createPartnerAdmin>;
beforeAll(async () => {
  app = await testApp();
  admin = createPartnerAdmin(app.db);
  await admin.add('affiliate', '1001', {
    nickname: 'Crypto Kate',
    headimg: 'https://cdn.example.com/kate.png',
    signature: 'Trading since 2017',
    content: 'Join my community',
    groups: JSON.stringify([
      { id: 'tg', content: 't.me/kate', type: 0 },
      { id: 'x', content: 'x.com/kate', type: 1 },
      { id: 'vip', content: 'private VIP room', type: 2 },
      { content: 'other', type: 5 },
    ]),
  });
  await admin.add('affiliate', '1002', { nickname: 'Shy Sam', anonymous: true });
  await admin.add('affiliate', '1003', { nickname: 'Gone Gina' });
  await admin.setFlags('affiliate', '1003', { disabled: true });
  await admin.add('broker', 'acme-securities', { nickname: 'Acme Securities' });
});
afterAll(() => app.close());

const call = async <T = Record<string, unknown>>(path: string, body: unknown) =>
  envelope<T>(await post(app, path, body));

const repo = () => createChannelsRepository(app.db);

async function accountWithCode(email = freshEmail('inviter')) {
  const account = await createAccount(app, { email });
  const code = await app.channels.referralCode(account.id);
  return { account, code, email };
}

describe('POST /s1/code/info', () => {
  it('answers each scene: normal, referral (masked inviter), affiliate, broker', async () => {
    expect(await call('/s1/code/info', {})).toMatchObject({
      ret_code: 0,
      result: { scene: 0, tpl: 'normal', info: { success: true } },
    });
    const { code } = await accountWithCode('kate.inviter@example.com');
    const referral = await call('/s1/code/info', { code: code.toLowerCase() });
    expect(referral).toMatchObject({
      ret_code: 0,
      result: { scene: 2, tpl: 'referral', info: { success: true } },
    });
    expect(JSON.stringify(referral)).not.toContain('kate.inviter');
    expect((referral.result as { info: { inviter: string } }).info.inviter).toMatch(/\*/);
    expect(await call('/s1/code/info', { code: '1001' })).toMatchObject({
      result: { scene: 1, tpl: 'affiliate', info: { success: true, nickname: 'Crypto Kate' } },
    });
    // An anonymous affiliate's code works, without its name.
    const shy = await call<{ info: Record<string, unknown> }>('/s1/code/info', { code: '1002' });
    expect(shy.result.info).toEqual({ success: true });
    expect(await call('/s1/code/info', { code: 'acme-securities' })).toMatchObject({
      result: { scene: 3, tpl: 'broker', info: { nickname: 'Acme Securities' } },
    });
  });

  it('answers a clear code for unknown, disabled and hostile codes', async () => {
    expect((await call('/s1/code/info', { code: 'ZZZZZZZZ' })).ret_code).toBe(RetCode.RefCodeNotFound);
    expect((await call('/s1/code/info', { code: '999999' })).ret_code).toBe(RetCode.RefCodeNotFound);
    expect((await call('/s1/code/info', { code: '1003' })).ret_code).toBe(RetCode.AffiliateDisabled);
    for (const hostile of ["' OR 1=1 --", '../../etc/passwd', '<script>', '🦊🦊🦊', '%00']) {
      expect((await call('/s1/code/info', { code: hostile })).ret_code).toBe(RetCode.RefCodeNotFound);
    }
    expect((await call('/s1/code/info', { code: 'A'.repeat(65) })).ret_code).toBe(RetCode.ParamsInvalid);
    expect((await call('/s1/code/info', { code: 42 })).ret_code).toBe(RetCode.ParamsInvalid);
    expect((await call('/s1/code/info', { code: 'AB\u0000CD' })).ret_code).toBe(RetCode.ParamsInvalid);
  });
});

describe('POST /affiliate/apis/v1/open-info', () => {
  it('answers the card with only group types 0 and 1', async () => {
    const info = await call('/affiliate/apis/v1/open-info', { affid: '1001', country: 'DE' });
    expect(info).toEqual({
      ret_code: 0,
      ret_msg: 'OK',
      result: {
        nickname: 'Crypto Kate',
        headimg: 'https://cdn.example.com/kate.png',
        personality: { personalSignature: 'Trading since 2017', content: 'Join my community' },
        groupInfo: [
          { content: 't.me/kate', type: 0 },
          { content: 'x.com/kate', type: 1 },
        ],
      },
    });
    // A numeric affid is the same id; group_id picks its group when it is one that is kept.
    const picked = await call<{ groupInfo: unknown[] }>('/affiliate/apis/v1/open-info', {
      affid: 1001,
      group_id: 'x',
    });
    expect(picked.result.groupInfo).toEqual([{ content: 'x.com/kate', type: 1 }]);
    const hidden = await call<{ groupInfo: unknown[] }>('/affiliate/apis/v1/open-info', {
      affid: '1001',
      group_id: 'vip',
    });
    expect(hidden.result.groupInfo).toHaveLength(2);
  });

  it('answers 610016 unknown, 610017 disabled, 10002 anonymous, 10001 for a non-digit id', async () => {
    expect((await call('/affiliate/apis/v1/open-info', { affid: '4242' })).ret_code).toBe(
      RetCode.AffiliateNotFound,
    );
    expect((await call('/affiliate/apis/v1/open-info', { affid: '1003' })).ret_code).toBe(
      RetCode.AffiliateDisabled,
    );
    expect((await call('/affiliate/apis/v1/open-info', { affid: '1002' })).ret_code).toBe(RetCode.NotFound);
    for (const affid of ['12a', '-1', '1.5', '', ' 1001x', '1'.repeat(21)]) {
      expect((await call('/affiliate/apis/v1/open-info', { affid })).ret_code).toBe(RetCode.ParamsInvalid);
    }
  });
});

describe('POST /affiliate/v5/anonymity', () => {
  it('answers isShow and the code, and the refusals', async () => {
    expect((await call('/affiliate/v5/anonymity', { affiliate_id: '1001' })).result).toEqual({
      isShow: true,
      code: '1001',
    });
    expect((await call('/affiliate/v5/anonymity', { affiliate_id: '1002' })).result).toEqual({
      isShow: false,
      code: '1002',
    });
    expect((await call('/affiliate/v5/anonymity', { affiliate_id: '4242' })).ret_code).toBe(
      RetCode.AffiliateNotFound,
    );
    expect((await call('/affiliate/v5/anonymity', { affiliate_id: '1003' })).ret_code).toBe(
      RetCode.AffiliateDisabled,
    );
    expect((await call('/affiliate/v5/anonymity', { affiliate_id: 'abc' })).ret_code).toBe(
      RetCode.ParamsInvalid,
    );
  });

  it('follows the operator: anonymity on hides the card on the next request', async () => {
    await admin.add('affiliate', '1004', { nickname: 'Flip' });
    expect((await call('/affiliate/apis/v1/open-info', { affid: '1004' })).ret_code).toBe(0);
    await admin.setFlags('affiliate', '1004', { anonymous: true });
    expect((await call('/affiliate/apis/v1/open-info', { affid: '1004' })).ret_code).toBe(RetCode.NotFound);
    expect((await call('/affiliate/v5/anonymity', { affiliate_id: '1004' })).result).toMatchObject({
      isShow: false,
    });
  });
});

describe('attribution at sign-up', () => {
  it('links a referral sign-up to its inviter once; a second attempt with another code changes nothing', async () => {
    const inviter = await accountWithCode();
    const other = await accountWithCode();
    const email = freshEmail('invitee');
    const done = await signUp(app, email, { ref: inviter.code.toLowerCase() });
    expect(done.ret_code).toBe(0);
    const userId = String(done.result.user_id);
    expect(await repo().attributionOf(userId)).toMatchObject({
      scene: 2,
      code: inviter.code,
      code_known: 1,
      inviter_user_id: inviter.account.id,
    });
    // Every new account gets its own code.
    expect(await repo().codeOf(userId)).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);

    const again = await signUp(app, email, { ref: other.code });
    expect(again.ret_code).not.toBe(0);
    expect(await repo().attributionOf(userId)).toMatchObject({ inviter_user_id: inviter.account.id });
    expect(await repo().inviteeCount(other.account.id)).toBe(0);
    expect(await repo().inviteeCount(inviter.account.id)).toBe(1);
    // Attribution cannot be written twice for one account, even directly.
    expect(
      await repo().insertAttribution(
        {
          user_id: userId,
          scene: 2,
          code: other.code,
          code_known: 1,
          inviter_user_id: other.account.id,
          created_at: 1,
        },
        app.db,
      ),
    ).toBe(false);
    expect(await repo().attributionOf(userId)).toMatchObject({ inviter_user_id: inviter.account.id });
  });

  it('keeps exactly one attribution under parallel writes for one account', async () => {
    const account = await createAccount(app, { email: freshEmail('race') });
    const inviters = await Promise.all(Array.from({ length: 8 }, () => accountWithCode()));
    const written = await Promise.all(
      inviters.map((inviter) =>
        repo().insertAttribution(
          {
            user_id: account.id,
            scene: 2,
            code: inviter.code,
            code_known: 1,
            inviter_user_id: inviter.account.id,
            created_at: Date.now(),
          },
          app.db,
        ),
      ),
    );
    expect(written.filter(Boolean)).toHaveLength(1);
    const winner = inviters[written.indexOf(true)];
    expect(await repo().attributionOf(account.id)).toMatchObject({ inviter_user_id: winner?.account.id });
  });

  it('records an unknown or hostile code as such and never blocks the sign-up', async () => {
    for (const ref of ['NOPE2345', "x'; drop table users; --", '🦊']) {
      const done = await signUp(app, freshEmail('unknown'), { ref });
      expect(done.ret_code).toBe(0);
      expect(await repo().attributionOf(String(done.result.user_id))).toMatchObject({
        scene: 2,
        code_known: 0,
        inviter_user_id: null,
      });
    }
  });

  it('records affiliate (with group) and broker sign-ups, and the plain one', async () => {
    const aff = await signUp(app, freshEmail('aff'), {
      affiliate_id: '1001',
      group_id: 'tg',
      group_type: '0',
    });
    expect(await repo().attributionOf(String(aff.result.user_id))).toMatchObject({
      scene: 1,
      affiliate_id: '1001',
      group_id: 'tg',
      group_type: '0',
      code_known: 1,
    });
    const gone = await signUp(app, freshEmail('aff'), { affiliate_id: '1003' });
    expect(await repo().attributionOf(String(gone.result.user_id))).toMatchObject({
      scene: 1,
      code_known: 0,
    });
    const broker = await signUp(app, freshEmail('broker'), { brokerId: 'acme-securities' });
    expect(await repo().attributionOf(String(broker.result.user_id))).toMatchObject({
      scene: 3,
      broker_id: 'acme-securities',
      code_known: 1,
    });
    const plain = await signUp(app, freshEmail('plain'));
    expect(await repo().attributionOf(String(plain.result.user_id))).toMatchObject({ scene: 0, code: null });
  });

  it('keeps tg_source and is_manual_input in the channel record', async () => {
    const done = await signUp(app, freshEmail('ext'), {
      ext_json: { tg_source: 'task', is_manual_input: 1 },
    });
    const row = await app.db
      .selectFrom('signup_channels')
      .selectAll()
      .where('user_id', '=', String(done.result.user_id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tg_source: 'task', is_manual_input: 1 });
  });
});

describe('POST /user/private/invite/summary', () => {
  it("answers the account's code and its invitee count; needs a session", async () => {
    const email = freshEmail('summary');
    await createAccount(app, { email });
    const dev = device();
    const cookie = await loginFully(app, { email }, email, dev);
    const res = await postJson(app, '/user/private/invite/summary', {}, dev, {
      cookies: { gh_session: cookie },
    });
    const summary = envelope<{ code: string; invitees: number }>(res);
    expect(summary.result.invitees).toBe(0);
    expect(summary.result.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    await signUp(app, freshEmail('friend'), { ref: summary.result.code });
    const after = envelope<{ code: string; invitees: number }>(
      await postJson(app, '/user/private/invite/summary', {}, dev, { cookies: { gh_session: cookie } }),
    );
    expect(after.result).toEqual({ code: summary.result.code, invitees: 1 });
    expect(envelope(await postJson(app, '/user/private/invite/summary', {}, device())).ret_code).toBe(
      RetCode.SessionExpired,
    );
  });

  it('gives an account made before codes existed exactly one code under parallel requests', async () => {
    const account = await createAccount(app, { email: freshEmail('old') });
    const codes = await Promise.all(Array.from({ length: 12 }, () => app.channels.referralCode(account.id)));
    expect(new Set(codes).size).toBe(1);
    const rows = await app.db
      .selectFrom('referral_codes')
      .selectAll()
      .where('user_id', '=', account.id)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('partner admin', () => {
  it('refuses a non-digit affiliate id, bad groups and a missing nickname', async () => {
    await expect(admin.add('affiliate', '12a', { nickname: 'x' })).rejects.toThrow(PartnerAdminError);
    await expect(admin.add('affiliate', '12', { nickname: 'x', groups: '{' })).rejects.toThrow(/JSON/);
    await expect(admin.add('affiliate', '12', { nickname: 'x', groups: '[{"type":0}]' })).rejects.toThrow(
      /content/,
    );
    await expect(admin.add('broker', 'b', { nickname: ' ' })).rejects.toThrow(/nickname/);
    await expect(admin.setFlags('broker', 'nobody', { disabled: true })).rejects.toThrow(/no broker/);
    expect((await admin.list('broker')).map((p) => p.id)).toContain('acme-securities');
  });
});

describe('the partner calls around a sign-up', () => {
  it('conversion check: true only for the account’s own live session, false for anything else', async () => {
    const email = freshEmail('conv');
    const inviter = await accountWithCode();
    const done = await signUp(app, email, { ref: inviter.code });
    const userId = String(done.result.user_id);
    const dev = device();
    const token = await loginFully(app, { email }, email, dev);
    const check = (user_id: unknown, t: string) =>
      call('/user/public/conversion/check', { source: 'ads', data: { user_id, token: t } });
    expect((await check(userId, token)).result).toEqual({ converted: true, scene: 2 });
    expect((await check(Number(userId), token)).result).toEqual({ converted: true, scene: 2 });
    // Another account's id with this token, a made-up token, a revoked session: false, nothing more.
    expect((await check(inviter.account.id, token)).result).toEqual({ converted: false });
    expect((await check(userId, 'x'.repeat(43))).result).toEqual({ converted: false });
    expect((await check('12a', token)).ret_code).toBe(RetCode.ParamsInvalid);
    expect((await call('/user/public/conversion/check', { source: '', data: {} })).ret_code).toBe(
      RetCode.ParamsInvalid,
    );
  });

  it('cabital post-register: records the latest status per account and channel; needs a session', async () => {
    const email = freshEmail('cabital');
    const account = await createAccount(app, { email });
    const dev = device();
    const cookie = await loginFully(app, { email }, email, dev);
    const send = (body: unknown) =>
      postJson(app, '/v3/private/misc/cabital/post-register', body, dev, { cookies: { gh_session: cookie } });
    const uuid = 'c0ffee-1234';
    expect(envelope(await send({ channel: 'cabital', uuid, status: 'pending' })).result).toEqual({
      recorded: true,
    });
    expect(envelope(await send({ channel: 'cabital', uuid, status: 'success' })).ret_code).toBe(0);
    const rows = await app.db
      .selectFrom('partner_registrations')
      .selectAll()
      .where('user_id', '=', account.id)
      .execute();
    expect(rows).toMatchObject([{ channel: 'cabital', uuid, status: 'success' }]);
    expect(envelope(await send({ channel: 'cabital', uuid, status: 'done' })).ret_code).toBe(
      RetCode.ParamsInvalid,
    );
    expect(envelope(await send({ channel: '../x', uuid, status: 'success' })).ret_code).toBe(
      RetCode.ParamsInvalid,
    );
    expect(
      envelope(
        await postJson(
          app,
          '/v3/private/misc/cabital/post-register',
          { channel: 'c', uuid, status: 'success' },
          device(),
        ),
      ).ret_code,
    ).toBe(RetCode.SessionExpired);
  });

  it('common-share-info: a shared code leads to its landing; unknown codes answer clearly', async () => {
    const { code } = await accountWithCode();
    const get = async (token: string) =>
      envelope<Record<string, unknown>>(
        await app.inject({
          method: 'GET',
          url: `/x-api/fiat/public/channel/common-share-info?token=${encodeURIComponent(token)}`,
          headers: { platform: 'pc' },
        }),
      );
    expect((await get(code.toLowerCase())).result).toMatchObject({
      code,
      scene: 2,
      path: `/invite?ref=${code}`,
    });
    expect((await get('1001')).result).toEqual({
      code: '1001',
      scene: 1,
      inviter: 'Crypto Kate',
      path: '/sign-up?affiliate_id=1001',
    });
    expect((await get('1002')).result).toEqual({
      code: '1002',
      scene: 1,
      path: '/sign-up?affiliate_id=1002',
    });
    expect((await get('NOPE2345')).ret_code).toBe(RetCode.RefCodeNotFound);
    expect((await get('<svg onload=x>')).ret_code).toBe(RetCode.RefCodeNotFound);
  });

  it('korea home: the configured activities, malformed ones dropped, none by default', async () => {
    expect((await call('/fht/growth/activity-api/v1/korea/home', {})).result).toEqual({ activities: [] });
    await app.db
      .insertInto('web_config')
      .values({
        name: 'korea_home',
        value: JSON.stringify({
          activities: [{ id: 'kr-1', title: '가입 이벤트', link: '/ko-KR/sign-up' }, { id: 2 }, 'x'],
        }),
        updated_at: Date.now(),
      })
      .execute();
    // The config answer is kept 5 s per instance (ADR 0019); this call reads the table.
    expect((await call('/fht/growth/activity-api/v1/korea/home', {})).result).toEqual({
      activities: [{ id: 'kr-1', title: '가입 이벤트', link: '/ko-KR/sign-up' }],
    });
  });
});
