import crypto from 'node:crypto';
import type { App } from '../../app.js';

/** Helpers for the sign-up tests. Test-only; nothing in the app imports it. */

let ipCounter = 0;
/** A fresh client address per caller, so the per-address send limits of one test never hit another. */
export function freshIp(): string {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

// Passwords are encrypted exactly as the browser does, by the login tests' helper.
export { encryptedPassword } from '../login/login.test-kit.js';

export const GOOD_PASSWORD = 'a quiet lighthouse keeper';

/** A browser's cookie jar: the cookies answers set are sent with its later calls. */
export interface Browser {
  cookies: Record<string, string>;
}

export function newBrowser(): Browser {
  return { cookies: {} };
}

/** The browser calls use unless they name another: a test is one user in one browser by default. */
export const defaultBrowser: Browser = newBrowser();

export interface CallOptions {
  ip?: string;
  host?: string;
  headers?: Record<string, string>;
  browser?: Browser;
}

type Injected = Awaited<ReturnType<App['inject']>>;

function keepCookies(browser: Browser, res: Injected): Injected {
  for (const cookie of res.cookies) {
    const expired =
      cookie.value === '' ||
      (cookie.maxAge !== undefined && cookie.maxAge <= 0) ||
      (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
    if (expired) delete browser.cookies[cookie.name];
    else browser.cookies[cookie.name] = cookie.value;
  }
  return res;
}

export async function post(app: App, url: string, payload: unknown, opts: CallOptions = {}) {
  const browser = opts.browser ?? defaultBrowser;
  return keepCookies(
    browser,
    await app.inject({
      method: 'POST',
      url: `/x-api${url}`,
      payload: payload as Record<string, unknown>,
      headers: { platform: 'pc', host: opts.host ?? 'localhost', ...opts.headers },
      cookies: { ...browser.cookies },
      remoteAddress: opts.ip ?? freshIp(),
    }),
  );
}

export async function get(app: App, url: string, opts: CallOptions = {}) {
  const browser = opts.browser ?? defaultBrowser;
  return keepCookies(
    browser,
    await app.inject({
      method: 'GET',
      url: `/x-api${url}`,
      headers: { platform: 'pc', host: opts.host ?? 'localhost', ...opts.headers },
      cookies: { ...browser.cookies },
      remoteAddress: opts.ip ?? freshIp(),
    }),
  );
}

export interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  kind: string;
  locale: string;
  code: string | null;
  link: string | null;
  body: string;
}

/** The messages sent to `to`, newest first, read from the dev outbox as a developer would. */
export async function outbox(app: App, to: string): Promise<OutboxMessage[]> {
  const res = await app.inject({ url: `/dev/outbox.json?to=${encodeURIComponent(to)}` });
  return res.json<{ messages: OutboxMessage[] }>().messages;
}

export async function latestCode(app: App, to: string): Promise<string> {
  const [message] = await outbox(app, to);
  if (!message?.code) throw new Error(`no code sent to ${to}`);
  return message.code;
}

let emailCounter = 0;
export function freshEmail(prefix = 'signup'): string {
  emailCounter += 1;
  return `${prefix}.${emailCounter}.${crypto.randomBytes(3).toString('hex')}@example.com`;
}

/** A wrong code guaranteed to differ from `code`. */
export function otherCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}
