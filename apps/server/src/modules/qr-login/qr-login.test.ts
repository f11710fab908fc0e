import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '@gatehouse/contract';
import type { App } from '../../app.js';
import { testAppPair } from '../../test-support/test-app.js';
import {
  createAccount,
  device,
  loginFully,
  postJson,
  sessionCookieOf,
  type Device,
} from '../login/login.test-kit.js';
import { QR_BROWSER_COOKIE } from './qr-login.routes.js';

// Two instances of one deployment sharing one store: the races below run across both, as requests
// behind a load balancer would (on SQLite one file; on server-pg PostgreSQL + Redis).
let a: App;
let b: App;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ a, b, close } = await testAppPair());
});
afterAll(() => close());

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** A browser that is not logged in: its device headers, and the QR cookie once it has one. */
interface Asker {
  dev: Device;
  cookie?: string;
}

let ipCounter = 0;
/** A fresh address per browser, so the per-address route limits of one test do not reach the next. */
const freshDevice = () => device(crypto.randomUUID(), `198.51.100.${(ipCounter++ % 250) + 1}`);

async function generate(app: App, asker: Asker) {
  const res = await app.inject({
    url: '/x-api/v3/public/qrcode/generate',
    headers: { ...asker.dev.headers, 'user-agent': FIREFOX_ON_WINDOWS },
    remoteAddress: asker.dev.ip,
    ...(asker.cookie ? { cookies: { [QR_BROWSER_COOKIE]: asker.cookie } } : {}),
  });
  const set = res.cookies.find((c) => c.name === QR_BROWSER_COOKIE);
  if (set) asker.cookie = set.value;
  return { res, uuid: res.json<{ result: { uuid: string } | null }>().result?.uuid ?? '' };
}

function status(app: App, asker: Asker, uuid: string) {
  return app.inject({
    url: `/x-api/v3/public/qrcode/status?uuid=${encodeURIComponent(uuid)}`,
    headers: asker.dev.headers,
    remoteAddress: asker.dev.ip,
    ...(asker.cookie ? { cookies: { [QR_BROWSER_COOKIE]: asker.cookie } } : {}),
  });
}

/** A logged-in account on its own phone. */
interface Phone {
  dev: Device;
  session: string;
  userId: string;
}

async function phone(email: string): Promise<Phone> {
  const account = await createAccount(a, { email });
  const dev = freshDevice();
  return { dev, session: await loginFully(a, { email }, email, dev), userId: account.id };
}

const act = (app: App, who: Phone, action: 'scan' | 'confirm' | 'cancel', uuid: string) =>
  postJson(app, `/v3/private/qrcode/${action}`, { uuid }, who.dev, { cookies: { gh_session: who.session } });

const codeOf = (res: { json: () => unknown }) => (res.json() as { ret_code: number }).ret_code;
const stateOf = (res: { json: () => unknown }) => (res.json() as { result: { state: string } }).result.state;

describe('QR-code login', () => {
  let alice: Phone;
  let bob: Phone;
  beforeAll(async () => {
    alice = await phone('qr-alice@example.com');
    bob = await phone('qr-bob@example.com');
  });

  it('generate answers a uuid and binds it to the browser with an HttpOnly cookie, no session needed', async () => {
    const asker: Asker = { dev: freshDevice() };
    const { res, uuid } = await generate(a, asker);
    expect(res.json()).toMatchObject({ ret_code: 0, result: { uuid, expires_in: 120 } });
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    const cookie = res.cookies.find((c) => c.name === QR_BROWSER_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/x-api/v3/public/qrcode' });
    expect(stateOf(await status(b, asker, uuid))).toBe('waiting');
    // The browser keeps its secret across codes (two tabs each poll their own).
    const second = await generate(a, asker);
    expect(second.res.cookies.find((c) => c.name === QR_BROWSER_COOKIE)?.value).toBe(cookie?.value);
    expect(second.uuid).not.toBe(uuid);
    expect(stateOf(await status(a, asker, uuid))).toBe('waiting');
  });

  it('scan → scanned with who is asking; confirm → the polling browser gets a working session, once', async () => {
    const asker: Asker = { dev: freshDevice() };
    const { uuid } = await generate(a, asker);
    const scan = await act(b, alice, 'scan', uuid);
    expect(scan.json()).toMatchObject({
      ret_code: 0,
      result: { site: 'localhost:80', browser: 'Firefox', os: 'Windows', country: null, expires_in: 120 },
    });
    expect(
      Math.abs(scan.json<{ result: { requested_at: number } }>().result.requested_at - Date.now()),
    ).toBeLessThan(10_000);
    expect(stateOf(await status(a, asker, uuid))).toBe('scanned');
    expect(codeOf(await act(a, alice, 'confirm', uuid))).toBe(0);

    const confirmed = await status(b, asker, uuid);
    expect(confirmed.json()).toMatchObject({
      ret_code: 0,
      result: { state: 'confirmed', user_id: Number(alice.userId) },
    });
    const session = sessionCookieOf(confirmed);
    expect(session).toBeTruthy();
    expect(session).not.toBe(alice.session);
    const profile = await a.inject({
      url: '/x-api/user/private/user-info',
      headers: asker.dev.headers,
      cookies: { gh_session: session ?? '' },
      remoteAddress: asker.dev.ip,
    });
    expect(codeOf(profile)).toBe(0);

    // Replayed: spent, whatever asks.
    expect(codeOf(await status(a, asker, uuid))).toBe(RetCode.QrCodeExpired);
    expect(codeOf(await act(a, alice, 'confirm', uuid))).toBe(RetCode.QrCodeExpired);
    expect(codeOf(await act(a, alice, 'scan', uuid))).toBe(RetCode.QrCodeExpired);
  });

  it('only the browser that generated the code can poll it, before and after confirm', async () => {
    const asker: Asker = { dev: freshDevice() };
    const { uuid } = await generate(a, asker);
    const thief: Asker = { dev: freshDevice() };
    await generate(a, thief); // a QR cookie of its own
    const cookieless: Asker = { dev: freshDevice() };
    expect(codeOf(await status(a, thief, uuid))).toBe(RetCode.QrCodeExpired);
    expect(codeOf(await status(a, cookieless, uuid))).toBe(RetCode.QrCodeExpired);
    expect(codeOf(await act(a, alice, 'confirm', uuid))).toBe(0);
    const stolen = await status(b, thief, uuid);
    expect(codeOf(stolen)).toBe(RetCode.QrCodeExpired);
    expect(sessionCookieOf(stolen)).toBeUndefined();
    expect(stateOf(await status(a, asker, uuid))).toBe('confirmed');
  });

  it('parallel confirms on two instances: one wins; parallel polls after confirm: one session', async () => {
    const asker: Asker = { dev: freshDevice() };
    const { uuid } = await generate(a, asker);
    const confirms = await Promise.all(
      Array.from({ length: 8 }, (_, i) => act(i % 2 ? b : a, alice, 'confirm', uuid)),
    );
    expect(confirms.map(codeOf).filter((code) => code === 0)).toHaveLength(1);
    expect(confirms.map(codeOf).filter((code) => code === RetCode.QrCodeExpired)).toHaveLength(7);

    const polls = await Promise.all(Array.from({ length: 8 }, (_, i) => status(i % 2 ? b : a, asker, uuid)));
    const sessions = polls.map(sessionCookieOf).filter(Boolean);
    expect(sessions).toHaveLength(1);
    expect(polls.filter((r) => codeOf(r) === 0).map(stateOf)).toEqual(['confirmed']);
    expect(polls.map(codeOf).filter((code) => code === RetCode.QrCodeExpired)).toHaveLength(7);
  });

  it('another account cannot take over a scanned code, even racing the owner', async () => {
    const asker: Asker = { dev: freshDevice() };
    const { uuid } = await generate(a, asker);
    expect(codeOf(await act(a, alice, 'scan', uuid))).toBe(0);
    expect(codeOf(await act(b, bob, 'scan', uuid))).toBe(RetCode.QrCodeExpired);
    expect(codeOf(await act(b, bob, 'confirm', uuid))).toBe(RetCode.QrCodeExpired);
    expect(codeOf(await act(b, bob, 'cancel', uuid))).toBe(RetCode.QrCodeExpired);
    expect(stateOf(await status(a, asker, uuid))).toBe('scanned');

    // Unscanned, two accounts confirming at once: exactly one account gets it.
    const raced = (await generate(a, asker)).uuid;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => act(i % 2 ? b : a, i % 3 ? alice : bob, 'confirm', raced)),
    );
    expect(answers.map(codeOf).filter((code) => code === 0)).toHaveLength(1);
    const winner = answers.findIndex((r) => codeOf(r) === 0);
    const res = await status(a, asker, raced);
    expect(res.json()).toMatchObject({
      result: { state: 'confirmed', user_id: Number((winner % 3 ? alice : bob).userId) },
    });

    expect(codeOf(await act(a, alice, 'confirm', uuid))).toBe(0);
    expect((await status(b, asker, uuid)).json()).toMatchObject({
      result: { state: 'confirmed', user_id: Number(alice.userId) },
    });
  });

  it('cancel ends the code: the browser sees cancelled, and it cannot be confirmed after', async () => {
    const asker: Asker = { dev: freshDevice() };
    const { uuid } = await generate(a, asker);
    expect(codeOf(await act(a, alice, 'scan', uuid))).toBe(0);
    expect((await act(b, alice, 'cancel', uuid)).json()).toMatchObject({
      ret_code: 0,
      result: { cancelled: true },
    });
    expect(stateOf(await status(a, asker, uuid))).toBe('cancelled');
    expect(codeOf(await act(a, alice, 'confirm', uuid))).toBe(RetCode.QrCodeExpired);
    const again = await status(a, asker, uuid);
    expect(stateOf(again)).toBe('cancelled');
    expect(sessionCookieOf(again)).toBeUndefined();
  });

  it('the confirming side needs a session; unknown codes are 31010, malformed ones 10001', async () => {
    const asker: Asker = { dev: freshDevice() };
    const { uuid } = await generate(a, asker);
    for (const action of ['scan', 'confirm', 'cancel']) {
      expect(codeOf(await postJson(a, `/v3/private/qrcode/${action}`, { uuid }, freshDevice()))).toBe(
        RetCode.SessionExpired,
      );
    }
    const unknown = crypto.randomUUID();
    expect(codeOf(await status(a, asker, unknown))).toBe(RetCode.QrCodeExpired);
    expect(codeOf(await act(a, alice, 'scan', unknown))).toBe(RetCode.QrCodeExpired);
    expect(codeOf(await status(a, asker, 'not-a-uuid'))).toBe(RetCode.ParamsInvalid);
    expect(codeOf(await act(a, alice, 'confirm', 'x'.repeat(36)))).toBe(RetCode.ParamsInvalid);
    expect(stateOf(await status(a, asker, uuid))).toBe('waiting');
  });

  it('no session for an account banned after it confirmed', async () => {
    const carol = await phone('qr-carol@example.com');
    const asker: Asker = { dev: freshDevice() };
    const { uuid } = await generate(a, asker);
    expect(codeOf(await act(a, carol, 'confirm', uuid))).toBe(0);
    await a.db.updateTable('users').set({ status: 'banned' }).where('id', '=', carol.userId).execute();
    const res = await status(a, asker, uuid);
    expect(codeOf(res)).toBe(RetCode.QrCodeExpired);
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('generate is rate-limited per address', async () => {
    const asker: Asker = { dev: freshDevice() };
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push(codeOf((await generate(a, asker)).res));
    expect(codes.slice(0, 20).every((code) => code === 0)).toBe(true);
    expect(codes[20]).toBe(RetCode.TooFrequent);
  });
});
