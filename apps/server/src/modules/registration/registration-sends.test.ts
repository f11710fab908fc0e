import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { connectDb } from '../../db/connect.js';
import { freshPgSchema, reachable, TEST_PG_URL } from '../../test-support/postgres.js';
import { testApp } from '../../test-support/test-app.js';
import { ApiError } from '../../lib/api-error.js';
import type { Delivery } from '../delivery/delivery-types.js';
import { createRegistrationRepository } from './registration.repository.js';
import { createRegistrationService, DEFAULT_LIMITS } from './registration.service.js';
import { throttleKey } from './registration-secrets.js';
import { freshEmail, freshIp, newBrowser, outbox, post } from './registration.test-kit.js';

/**
 * Sends cost money and can flood an inbox: every check that can refuse runs before a row is
 * written, and the caps count the normalised identifier and client address, atomically, so no
 * spelling and no burst of parallel calls gets past them (docs/flows/registration.md, "Limits").
 */

let app: App;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

const rows = async (target: App = app) =>
  Number(
    (
      await target.db
        .selectFrom('registrations')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const retCode = (res: { json: () => unknown }) => (res.json() as { ret_code: number }).ret_code;
const start = (target: App, payload: Record<string, unknown>, ip = freshIp()) =>
  post(target, '/user/public/register/info', payload, { ip, browser: newBrowser() });
const hourKey = () => Math.floor(Date.now() / 3_600_000);

/** Case and surrounding spaces: every spelling the contract normalises to one address. */
function spellings(email: string): string[] {
  const [local = '', domain = ''] = email.split('@');
  return [
    email,
    email.toUpperCase(),
    ` ${email}`,
    `${email}  `,
    `${local.toUpperCase()}@${domain}`,
    `${local}@${domain.toUpperCase()}`,
    // A tab would be refused outright (ADR 0014: no control characters in any input).
    `  ${email.toUpperCase()} `,
    `${local[0]?.toUpperCase()}${local.slice(1)}@${domain}`,
  ];
}

describe('refused sends write nothing', () => {
  it('a start refused by the cooldown, the caps or the input leaves the table as it was', async () => {
    const email = freshEmail('refused');
    expect(retCode(await start(app, { email }))).toBe(0);
    const before = await rows();

    // Cooldown: the same address again at once (from another client and browser).
    expect(retCode(await start(app, { email: email.toUpperCase() }))).toBe(RetCode.TooFrequent);
    // Per-identifier cap: the hour's sends used up, the cooldown over.
    const other = freshEmail('capped');
    for (let i = 0; i < DEFAULT_LIMITS.maxSendsPerIdentifierPerHour; i++)
      await app.kv.incr(`reg:id:${throttleKey(other)}:${hourKey()}`, 3_600_000);
    expect(retCode(await start(app, { email: ` ${other.toUpperCase()}` }))).toBe(RetCode.TooFrequent);
    // Per-address cap.
    const ip = freshIp();
    for (let i = 0; i < DEFAULT_LIMITS.maxSendsPerIpPerHour; i++)
      await app.kv.incr(`reg:ip:${throttleKey(ip)}:${hourKey()}`, 3_600_000);
    expect(retCode(await start(app, { email: freshEmail('flood') }, ip))).toBe(RetCode.TooFrequent);
    // Input and policy refusals.
    expect(retCode(await start(app, { email: 'not-an-email' }))).toBe(RetCode.ParamsInvalid);
    expect(retCode(await start(app, { email: 'x@qq.com' }))).toBe(RetCode.ChinaMail);
    expect(retCode(await start(app, { email: freshEmail(), residence_country: 'US' }))).toBe(
      RetCode.ResidenceCountryBlocked,
    );
    // The older UI's send, refused by the cooldown.
    expect(retCode(await post(app, '/verify/register/email', { email }, { browser: newBrowser() }))).toBe(
      RetCode.TooFrequent,
    );

    expect(await rows()).toBe(before);
    expect(await outbox(app, other)).toEqual([]);
  });

  it('a resend refused by the cooldown keeps the code and counters of the flow', async () => {
    const browser = newBrowser();
    const email = freshEmail('resend');
    const started = await post(app, '/user/public/register/info', { email }, { browser });
    const { uuid } = (started.json() as { result: { uuid: string } }).result;
    const before = await app.db
      .selectFrom('registrations')
      .selectAll()
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    const res = await post(app, '/user/public/register/send/verify/item', { uuid }, { browser });
    expect(retCode(res)).toBe(RetCode.TooFrequent);
    expect(
      await app.db.selectFrom('registrations').selectAll().where('uuid', '=', uuid).executeTakeFirstOrThrow(),
    ).toEqual(before);
  });

  it('a start whose message cannot be sent leaves no row and no cooldown', async () => {
    const failing: Delivery = {
      send: async () => {
        throw new ApiError(RetCode.SystemBusy);
      },
    } as unknown as Delivery;
    const service = createRegistrationService({
      db: app.db,
      repo: createRegistrationRepository(app.db),
      accounts: app.accounts,
      delivery: failing,
      kv: app.kv,
      passwords: app.passwords,
      sessions: app.sessions,
    });
    const email = freshEmail('undeliverable');
    const before = await rows();
    const ctx = { site: 'global', env: 'prod', origin: 'http://localhost', locale: 'en' } as const;
    const meta = { ip: freshIp(), userAgent: null, platform: 'pc', version: '', ipCountry: null };
    const input = {
      identifier: { email },
      residenceCountry: null,
      residenceSubdivision: null,
      verifyType: 'code' as const,
      channel: {},
    };
    await expect(service.start(ctx, meta, input, 'B'.repeat(43))).rejects.toMatchObject({
      code: RetCode.SystemBusy,
    });
    expect(await rows()).toBe(before);
    expect(await app.kv.get(`reg:cool:${throttleKey(email)}`)).toBeNull();
  });
});

describe('caps hold for every spelling', () => {
  it('parallel starts with spellings of one e-mail send exactly once', async () => {
    const email = freshEmail('spelt');
    const before = await rows();
    const answers = await Promise.all(spellings(email).map((spelling) => start(app, { email: spelling })));
    const codes = answers.map(retCode).sort((a, b) => a - b);
    expect(codes).toEqual([0, ...Array(spellings(email).length - 1).fill(RetCode.TooFrequent)]);
    expect(await rows()).toBe(before + 1);
    expect(await outbox(app, email)).toHaveLength(1);
  });

  it('parallel starts with spellings of one mobile number send exactly once', async () => {
    const national = ['07400 123456', '7400123456', '07400-123-456', '(07400) 123456', ' 7400 123 456 '];
    const before = await rows();
    const answers = await Promise.all(national.map((mobile) => start(app, { country_code: '44', mobile })));
    expect(answers.map(retCode).filter((c) => c === 0)).toHaveLength(1);
    expect(await rows()).toBe(before + 1);
    expect(await outbox(app, '+447400123456')).toHaveLength(1);
  });

  it('spellings share the hourly cap of one identifier', async () => {
    const email = freshEmail('hourly');
    const cooldown = `reg:cool:${throttleKey(email)}`;
    for (let i = 0; i < DEFAULT_LIMITS.maxSendsPerIdentifierPerHour - 1; i++)
      await app.kv.incr(`reg:id:${throttleKey(email)}:${hourKey()}`, 3_600_000);
    expect(retCode(await start(app, { email: email.toUpperCase() }))).toBe(0);
    const before = await rows();
    for (const spelling of spellings(email)) {
      await app.kv.del(cooldown);
      expect(retCode(await start(app, { email: spelling })), spelling).toBe(RetCode.TooFrequent);
    }
    expect(await rows()).toBe(before);
  });

  it('parallel starts from spellings of one client address stop at its cap', async () => {
    const ip = freshIp();
    for (let i = 0; i < DEFAULT_LIMITS.maxSendsPerIpPerHour - 1; i++)
      await app.kv.incr(`reg:ip:${throttleKey(ip)}:${hourKey()}`, 3_600_000);
    const before = await rows();
    const addresses = [ip, `::ffff:${ip}`, ip, `::ffff:${ip}`, ip, `::ffff:${ip}`];
    const answers = await Promise.all(addresses.map((a) => start(app, { email: freshEmail('ipcap') }, a)));
    expect(answers.map(retCode).filter((c) => c === 0)).toHaveLength(1);
    expect(await rows()).toBe(before + 1);
  });
});

// The same invariants on the scale set-up: two instances sharing PostgreSQL and Redis.
const pg = await freshPgSchema();
const redisUp = await reachable('127.0.0.1', 6379);
const scaleSkip = 'skip' in pg ? pg.skip : redisUp ? null : 'Redis not reachable at 127.0.0.1:6379';
if (scaleSkip && process.env.CI === 'true') throw new Error(`CI needs PostgreSQL and Redis: ${scaleSkip}`);
if (scaleSkip) console.warn(`[registration-sends.test] skipping the PostgreSQL + Redis part: ${scaleSkip}`);

describe.skipIf(scaleSkip !== null)('two instances on PostgreSQL + Redis', () => {
  let a: App;
  let b: App;
  beforeAll(async () => {
    if (!('schema' in pg)) return;
    const env = { REDIS_URL: 'redis://127.0.0.1:6379' };
    const open = () => connectDb({ kind: 'postgres', url: TEST_PG_URL }, { pgSchema: pg.schema });
    // One after the other: the first migrates the fresh schema.
    a = await testApp(env, { db: open() });
    b = await testApp(env, { db: open() });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if ('drop' in pg) await pg.drop();
  });

  it('send one message for parallel spellings of one e-mail across both instances', async () => {
    // Redis outlives the run: a fresh address keeps runs apart.
    const email = `pg.${randomBytes(6).toString('hex')}@example.com`;
    const before = await rows(a);
    const answers = await Promise.all(
      [...spellings(email), ...spellings(email)].map((spelling, i) =>
        start(i % 2 ? a : b, { email: spelling }),
      ),
    );
    expect(answers.map(retCode).filter((c) => c === 0)).toHaveLength(1);
    expect(await rows(a)).toBe(before + 1);
    expect(await outbox(b, email)).toHaveLength(1);
  });

  it('stop at the per-address cap across both instances, writing no row for the refused', async () => {
    const ip = `203.0.${randomBytes(1)[0] ?? 0}.${((randomBytes(1)[0] ?? 0) % 250) + 1}`;
    const key = `reg:ip:${throttleKey(ip)}:${hourKey()}`;
    await a.kv.del(key);
    // Five sends left this hour; twelve come at once (few enough for the framework's per-minute limit).
    for (let i = 0; i < DEFAULT_LIMITS.maxSendsPerIpPerHour - 5; i++) await b.kv.incr(key, 3_600_000);
    const before = await rows(a);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        start(
          i % 2 ? a : b,
          { email: `cap.${i}.${randomBytes(4).toString('hex')}@example.com` },
          i % 3 ? ip : `::ffff:${ip}`,
        ),
      ),
    );
    expect(answers.map(retCode).filter((c) => c === 0)).toHaveLength(5);
    expect(await rows(b)).toBe(before + 5);
    await a.kv.del(key);
  });
});
