import { magpieResult } from '@gatehouse/contract';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type * as CaptchaModule from '../captcha';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp, testBootstrap } from '../../test/render-app';
import { CaptchaError } from '../captcha/captcha-error';
import { fail, ok, startAuthTestServer, type AuthTestServer } from './test-support/auth-test-server';

/**
 * The captcha at the pages' submit (docs/captcha.md "Web"): the result travels under `captcha`, a
 * cancelled or unavailable captcha leaves the form usable, and 10026 runs it again once. The
 * dispatcher itself is tested in features/captcha; here `runCaptcha` is a stand-in.
 */
const runCaptcha = vi.hoisted(() => vi.fn());
vi.mock('../captcha', async (importOriginal) => ({
  ...(await importOriginal<typeof CaptchaModule>()),
  runCaptcha,
}));
vi.mock('./encrypt-password', () => ({
  encryptPassword: vi.fn(async () => ({
    encrypt_password: 'c2VhbGVkLXBhc3N3b3Jk',
    encrypt_timestamp: '1700000000000',
  })),
}));

let server: AuthTestServer;
beforeAll(async () => {
  server = await startAuthTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.reset();
  runCaptcha.mockReset();
});

const boot = (site: 'global' | 'EU' = 'global') => testBootstrap(site, { passwordKey: 'test-key' });
const click = (name: string) =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const LOGGED_IN = ok({ user_id: 1, new_user: false, need_verify: null });

async function logIn(email: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right password' } });
  await click('Log in');
}

describe('login with the captcha', () => {
  it('sends the result of the site login scene under `captcha`', async () => {
    const captcha = magpieResult('dG9rZW4=', 31014);
    runCaptcha.mockResolvedValue(captcha);
    server.answer('POST', '/user/public/login_compliance', LOGGED_IN);
    const app = await renderApp('/en-EU/login', boot('EU'));
    await logIn('eu@example.com');
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en-EU/dashboard'));
    expect(runCaptcha).toHaveBeenCalledWith(31014, { loginName: 'eu@example.com', force: false });
    expect(server.received.get('POST /user/public/login_compliance')?.[0]).toMatchObject({
      email: 'eu@example.com',
      captcha,
    });
  });

  it.each(['unavailable', 'cancelled'] as const)(
    'when the captcha is %s: no login call, no alert, the form is usable again',
    async (kind) => {
      runCaptcha.mockRejectedValue(new CaptchaError(kind));
      await renderApp('/en/login', boot());
      await logIn('ann@example.com');
      await waitFor(() => expect(button('Log in').disabled).toBe(false));
      expect(server.received.get('POST /login')).toBeUndefined();
      expect(screen.getByRole('textbox', { name: 'E-mail' })).toBeTruthy();
      expect(document.querySelector('form')?.getAttribute('aria-busy')).toBe('false');
    },
  );

  it('on 10026 runs the captcha again (forced) and retries the login once', async () => {
    const captcha = magpieResult('dG9rZW4=', 31000);
    runCaptcha.mockResolvedValueOnce(null).mockResolvedValueOnce(captcha);
    let calls = 0;
    server.answer('POST', '/login', () => (++calls === 1 ? fail(10026) : LOGGED_IN));
    const app = await renderApp('/en/login', boot());
    await logIn('ann@example.com');
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en/dashboard'));
    expect(runCaptcha).toHaveBeenLastCalledWith(31000, { loginName: 'ann@example.com', force: true });
    const bodies = server.received.get('POST /login') as Record<string, unknown>[];
    expect(bodies).toHaveLength(2);
    expect(bodies[0]?.captcha).toBeUndefined();
    expect(bodies[1]?.captcha).toEqual(captcha);
  });
});

describe('sign-up and password reset with the captcha', () => {
  async function fillAccount(email: string) {
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: email } });
    const residence = screen.getByLabelText('Country or region of residence') as HTMLSelectElement;
    await waitFor(() => expect(residence.value).toBe('GB'));
    fireEvent.click(screen.getByLabelText('I confirm that I live in the country or region chosen above.'));
  }

  it('sign-up info carries the register scene result; the one-shot send too', async () => {
    const captcha = magpieResult('cmVn', 31004);
    runCaptcha.mockResolvedValue(captcha);
    const sent = { uuid: '1b4e28ba-2fa1-41d2-883f-0016d3cca427', channel: 'email', verify_type: 'code' };
    const codeSent = { ...sent, login_name: 'a***@example.com', expires_in: 600, resend_in: 60 };
    server.answer('POST', '/user/public/register/info', ok({ ...codeSent, next: 'verify' }));
    await renderApp('/en/register', boot());
    await fillAccount('ann@example.com');
    await click('Continue');
    await screen.findByRole('heading', { name: 'Enter the verification code' });
    expect(runCaptcha).toHaveBeenCalledWith(31004, { loginName: 'ann@example.com', force: false });
    expect(server.received.get('POST /user/public/register/info')?.[0]).toMatchObject({ captcha });

    cleanup();
    server.answer('POST', '/verify/register/email', ok(codeSent));
    await renderApp('/en/register?ui=old', boot());
    await fillAccount('old@example.com');
    await click('Continue');
    await screen.findByRole('heading', { name: 'Enter the verification code' });
    expect(server.received.get('POST /verify/register/email')?.[0]).toMatchObject({ captcha });
  });

  it('sign-up stays on the account step, usable, when the captcha is unavailable', async () => {
    runCaptcha.mockRejectedValue(new CaptchaError('unavailable'));
    await renderApp('/en/register', boot());
    await fillAccount('ann@example.com');
    await click('Continue');
    await waitFor(() => expect(button('Continue').disabled).toBe(false));
    expect(server.received.get('POST /user/public/register/info')).toBeUndefined();
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeTruthy();
  });

  it('password reset send-code carries the site login scene result', async () => {
    const captcha = magpieResult('cmVzZXQ=', 31000);
    runCaptcha.mockResolvedValue(captcha);
    server.answer(
      'POST',
      '/user/public/password/reset/send-code',
      ok({ accepted: true, channel: 'email', expires_in: 600, resend_in: 60 }),
    );
    await renderApp('/en/forgot-password', boot());
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), {
      target: { value: 'who@example.com' },
    });
    await click('Send code');
    await screen.findByRole('heading', { name: 'Enter the verification code' });
    expect(runCaptcha).toHaveBeenCalledWith(31000, { loginName: 'who@example.com', force: false });
    expect(server.received.get('POST /user/public/password/reset/send-code')?.[0]).toEqual({
      email: 'who@example.com',
      captcha,
    });
  });
});
