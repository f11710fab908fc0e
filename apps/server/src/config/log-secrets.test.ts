import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { testApp } from '../test-support/test-app.js';
import { encryptedPassword } from '../modules/login/login.test-kit.js';
import { authRequest, basic, pkce, qs, REDIRECT } from '../modules/oauth/oauth.test-kit.js';
import { WEB_SOURCE_ROOT } from './repo-paths.js';

/**
 * No secret reaches a log line (docs/configuration.md, "Logs"): a production app logging at info
 * runs the flows whose URLs and bodies carry secrets, and the captured output is searched for
 * every one of them.
 */

const lines: string[] = [];
const secrets = new Map<string, string>();
let app: App;

const HOST = 'localhost:3000';
const EMAIL = 'log.watcher@example.com';
const PASSWORD = 'a quiet lighthouse keeper';
const NEW_PASSWORD = 'another quiet harbour light';

/** Remember a value that must never be logged. */
function secret(name: string, value: string | null | undefined): string {
  if (!value) throw new Error(`no ${name}`);
  secrets.set(name, value);
  return value;
}

beforeAll(async () => {
  app = await testApp(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      // Production reads mail texts from the web build; there is none in tests.
      LOCALES_DIR: path.join(WEB_SOURCE_ROOT, 'public', 'locales'),
    },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
});
afterAll(() => app.close());

/** A browser: cookies kept between calls, the headers the web sends. */
function browser() {
  const cookies: Record<string, string> = {};
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => {
    const res = await app.inject({
      method,
      url,
      headers: { host: HOST, platform: 'pc', ...headers },
      cookies: { ...cookies },
      ...(payload ? { payload } : {}),
    });
    for (const c of res.cookies) cookies[c.name] = c.value;
    return res;
  };
  return { cookies, call };
}

const json = (res: { json: () => unknown }) =>
  res.json() as { ret_code: number; result: Record<string, string> };

async function lastMessage(to: string) {
  return app.db
    .selectFrom('outbox')
    .selectAll()
    .where('recipient', '=', to)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
}

describe('logs in production', () => {
  it('hold no sign-up, OAuth, reset or Telegram secret, while still recording each request', async () => {
    // --- Sign-up by e-mail link, the landing page opened in another browser first ---
    const first = browser();
    const started = json(
      await first.call('POST', '/x-api/user/public/register/info', { email: EMAIL, verify_type: 'link' }),
    );
    expect(started.ret_code).toBe(0);
    const uuid = secret('registration uuid', started.result.uuid);
    secret('binding cookie', first.cookies['__Host-gh_signup']);
    const link = new URL((await lastMessage(EMAIL)).link ?? '');
    const token = secret('link token', link.searchParams.get('token'));
    const phone = browser();
    expect((await phone.call('GET', `${link.pathname}${link.search}`)).statusCode).toBe(200);
    expect(
      json(await phone.call('POST', '/x-api/user/public/register/verify', { uuid, token })).ret_code,
    ).toBe(0);
    // Refused calls with the uuid in the query (no binding there) are logged too.
    await phone.call('GET', `/x-api/user/public/register/recall/info?uuid=${uuid}`);
    await phone.call('GET', `/x-api/no/such/route?uuid=${uuid}&token=${token}`);
    await first.call('GET', `/x-api/user/public/register/verify/result?uuid=${uuid}`);
    await first.call('GET', `/x-api/user/public/register/recall/info?uuid=${uuid}`);
    const password = encryptedPassword(app, PASSWORD);
    secret('password ciphertext', password.encrypt_password);
    const done = await first.call('POST', '/x-api/user/public/register/password', { uuid, ...password });
    expect(json(done).ret_code).toBe(0);
    secret('session token', first.cookies['__Host-gh_session']);

    // --- Sign-up by code, with a wrong guess ---
    const other = browser();
    const codeFlow = json(
      await other.call('POST', '/x-api/user/public/register/info', { email: 'code.user@example.com' }),
    );
    const codeUuid = secret('code flow uuid', codeFlow.result.uuid);
    const code = secret('sign-up code', (await lastMessage('code.user@example.com')).code);
    await other.call('POST', '/x-api/user/public/register/verify', {
      uuid: codeUuid,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(
      json(await other.call('POST', '/x-api/user/public/register/verify', { uuid: codeUuid, code })).ret_code,
    ).toBe(0);

    // --- A refused login carrying a query string ---
    await browser().call('POST', '/x-api/login?source=commit_login&token=leaky-login-token', {
      email: EMAIL,
      ...encryptedPassword(app, 'not the password at all'),
    });
    secret('login query token', 'leaky-login-token');

    // --- OAuth: authorize page, consent, code exchange, refresh ---
    const client = await app.oauth.stores.clients.add(
      {
        name: 'Log Watch',
        redirectUris: [REDIRECT],
        scopes: ['profile', 'email', 'offline_access'],
        isPublic: false,
      },
      Date.now(),
    );
    const clientId = client.client.clientId;
    const clientSecret = secret('client secret', client.secret);
    const { verifier, challenge } = pkce();
    secret('code verifier', verifier);
    const request = authRequest(clientId, challenge, { state: secret('state', 'state-7f3a9c1e55') });
    await first.call('GET', `/oauth/authorize?${qs(request)}`);
    const consent = json(
      await first.call('POST', '/x-api/oauth/v1/private/confirm_auth', { ...request, decision: 'accept' }),
    );
    const redirect = new URL(consent.result.redirect_to ?? '');
    const oauthCode = secret('authorization code', redirect.searchParams.get('code'));
    const form = (body: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/oauth/token',
        payload: qs(body),
        headers: {
          host: HOST,
          'content-type': 'application/x-www-form-urlencoded',
          authorization: basic(clientId, clientSecret),
        },
      });
    const tokens = (
      await form({
        grant_type: 'authorization_code',
        code: oauthCode,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      })
    ).json<{ access_token: string; refresh_token: string }>();
    secret('access token', tokens.access_token);
    const refreshToken = secret('refresh token', tokens.refresh_token);
    await form({ grant_type: 'refresh_token', refresh_token: refreshToken });
    // Replayed: refused, and the refusal is logged.
    await form({
      grant_type: 'authorization_code',
      code: oauthCode,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });

    // --- Password reset ---
    const resetter = browser();
    await resetter.call('POST', '/x-api/user/public/password/reset/send-code', { email: EMAIL });
    const resetCode = secret('reset code', (await lastMessage(EMAIL)).code);
    const verified = json(
      await resetter.call('POST', '/x-api/user/public/password/reset/verify', {
        email: EMAIL,
        code: resetCode,
      }),
    );
    const resetToken = secret('reset token', verified.result.reset_token);
    await resetter.call('POST', '/x-api/user/public/password/reset', {
      reset_token: resetToken,
      ...encryptedPassword(app, NEW_PASSWORD),
    });

    // --- Telegram: init data in a header and a body ---
    const initData = secret(
      'telegram init data',
      'query_id=AAE1&user=%7B%22id%22%3A42%7D&auth_date=1&hash=abcdef0123',
    );
    await browser().call(
      'POST',
      '/x-api/user/public/login/thirdparty',
      { third_type: 'telegram', telegram_callback_mini: initData },
      { tgtoken: initData },
    );

    const output = lines.join('');
    for (const [name, value] of secrets) expect(output.includes(value), `${name} is in the log`).toBe(false);
    // The log is not empty: every request is there, by path.
    expect(output).toContain('"url":"/en/email-code-verify"');
    expect(output).toContain('"url":"/oauth/authorize"');
    expect(output).toContain('"url":"/x-api/user/public/register/recall/info"');
    expect(output).toContain('request refused');
    // The passwords themselves never travel in clear, let alone get logged.
    expect(output).not.toContain(PASSWORD);
    expect(output).not.toContain(NEW_PASSWORD);
  });
});
