import crypto from 'node:crypto';
import type { Environment, SiteId } from '@gatehouse/contract';
import type { App } from '../../app.js';
import type { Account } from '../accounts/accounts.repository.js';

/**
 * Helpers for the login-side tests (login, user, password-reset, trade): accounts with a real
 * argon2id hash, passwords encrypted exactly as the browser does, the outbox read as a developer
 * would. Test-only; nothing in the app imports it.
 */

/** RSA-OAEP-SHA256 wrapped AES-256-GCM, `0x01 | wrapped | iv | sealed | tag` (ADR 0005). */
export function encryptLikeTheWeb(spkiBase64: string, password: string, timestamp: string): string {
  const key = crypto.createPublicKey({ key: Buffer.from(spkiBase64, 'base64'), format: 'der', type: 'spki' });
  const aes = crypto.randomBytes(32);
  const wrapped = crypto.publicEncrypt(
    { key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    aes,
  );
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', aes, iv);
  const sealed = Buffer.concat([
    cipher.update(password + timestamp, 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return Buffer.concat([Buffer.from([1]), wrapped, iv, sealed]).toString('base64');
}

export function encryptedPassword(app: App, password: string, env: Environment = 'prod', at = Date.now()) {
  const encrypt_timestamp = String(at);
  return {
    encrypt_password: encryptLikeTheWeb(
      app.passwords.transport.publicKeySpki(env),
      password,
      encrypt_timestamp,
    ),
    encrypt_timestamp,
  };
}

export const PASSWORD = 'a quiet lighthouse keeper';

export async function createAccount(
  app: App,
  input: { email?: string; mobile?: string; password?: string; site?: SiteId },
): Promise<Account> {
  return app.accounts.create({
    ...(input.email ? { email: input.email } : {}),
    ...(input.mobile ? { mobile: input.mobile } : {}),
    passwordHash: await app.passwords.hasher.hash(input.password ?? PASSWORD),
    lang: 'en',
    site: input.site ?? 'global',
  });
}

/** A device: the Guid and tx-id headers the web client sends, plus the CSRF `platform` header. */
export function device(guid: string = crypto.randomUUID(), ip = '203.0.113.10') {
  return { guid, headers: { platform: 'pc', guid, 'tx-id': `fp-${guid.slice(0, 8)}` }, ip };
}
export type Device = ReturnType<typeof device>;

export async function postJson(
  app: App,
  url: string,
  payload: unknown,
  dev: Device,
  extra: { cookies?: Record<string, string>; host?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url: `/x-api${url}`,
    payload: payload as Record<string, unknown>,
    headers: { ...dev.headers, ...(extra.host ? { host: extra.host } : {}), ...extra.headers },
    remoteAddress: dev.ip,
    ...(extra.cookies ? { cookies: extra.cookies } : {}),
  });
}

export function login(
  app: App,
  identifier: Record<string, string>,
  password: string,
  dev: Device,
  extra: { env?: Environment; host?: string; path?: string; cookies?: Record<string, string> } = {},
) {
  return postJson(
    app,
    extra.path ?? '/login',
    { ...identifier, ...encryptedPassword(app, password, extra.env) },
    dev,
    extra,
  );
}

/**
 * The newest code of `kind` sent to `to`, read from the dev outbox like a developer would, once the
 * sends under way have landed (a reset code answers before its message is written).
 */
export async function outboxCode(app: App, to: string, kind: string): Promise<string> {
  await app.delivery.settled();
  const res = await app.inject({ url: `/dev/outbox.json?to=${encodeURIComponent(to)}&limit=20` });
  const messages = res.json<{ messages: { kind: string; code: string | null }[] }>().messages;
  const code = messages.find((m) => m.kind === kind)?.code;
  if (!code) throw new Error(`no ${kind} for ${to} in the outbox`);
  return code;
}

export function sessionCookieOf(res: { cookies: { name: string; value: string }[] }): string | undefined {
  return res.cookies.find((c) => c.name === 'gh_session')?.value || undefined;
}

/** Log in on `dev`, going through the code step when the server asks for it; returns the session cookie. */
export async function loginFully(app: App, identifier: Record<string, string>, to: string, dev: Device) {
  const first = await login(app, identifier, PASSWORD, dev);
  const body = first.json<{ ret_code: number; result: { need_verify: { challenge_id: string } | null } }>();
  if (body.ret_code !== 0) throw new Error(`login failed: ${first.body}`);
  if (!body.result.need_verify) return sessionCookieOf(first) ?? '';
  const code = await outboxCode(app, to, 'login-code');
  const done = await postJson(
    app,
    '/user/public/login/verify',
    { challenge_id: body.result.need_verify.challenge_id, code },
    dev,
  );
  if (done.json<{ ret_code: number }>().ret_code !== 0) throw new Error(`verify failed: ${done.body}`);
  return sessionCookieOf(done) ?? '';
}
