import { HEADER } from '@gatehouse/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok, startAuthTestServer, type AuthTestServer } from '../auth-common/test-support/auth-test-server';
import {
  recallRegistration,
  resetRegistrationBinding,
  setRegistrationPassword,
  startRegistration,
} from './register-api';

const UUID = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const BINDING = 'b'.repeat(43);
const sent = {
  uuid: UUID,
  channel: 'email',
  verify_type: 'code',
  login_name: 'ann***@example.com',
  expires_in: 600,
  resend_in: 60,
  next: 'verify',
};

let server: AuthTestServer;
beforeAll(async () => {
  server = await startAuthTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.reset();
  resetRegistrationBinding();
  vi.restoreAllMocks();
});

/** The X-Signup-Binding header of every call made while `run` runs. */
async function bindingHeaders(run: () => Promise<unknown>): Promise<(string | null)[]> {
  const seen: (string | null)[] = [];
  const real = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    seen.push(new Headers(init?.headers).get(HEADER.SIGNUP_BINDING));
    return real(input, init);
  });
  await run();
  return seen;
}

const fields = { lang: 'en', platform: 'pc', version: 'new-code' };

describe('sign-up binding in the page', () => {
  it('sends nothing extra when the binding lives in the cookie', async () => {
    server.answer('POST', '/user/public/register/info', ok(sent));
    server.answer('GET', '/user/public/register/recall/info', ok({}));
    const headers = await bindingHeaders(async () => {
      await startRegistration({ email: 'ann@example.com' }, fields, 'code', {});
      await recallRegistration(UUID).catch(() => undefined);
    });
    expect(headers).toEqual([null, null]);
  });

  it('sends back the binding a header-transport start handed over, on every later sign-up call', async () => {
    server.answer('POST', '/user/public/register/info', ok({ ...sent, signup_binding: BINDING }));
    server.answer('GET', '/user/public/register/recall/info', ok({}));
    server.answer('POST', '/user/public/register/password', ok({}));
    const headers = await bindingHeaders(async () => {
      await startRegistration({ email: 'ann@example.com' }, fields, 'code', {});
      await recallRegistration(UUID).catch(() => undefined);
      await setRegistrationPassword(UUID, { encrypt_password: 'x', encrypt_timestamp: '1' }, {});
    });
    expect(headers).toEqual([null, BINDING, BINDING]);
  });
});
