import { magpieResult, RetCode, type ResultInputOf } from '@gatehouse/contract';
import * as loginCalls from '@gatehouse/contract/endpoints/login';
import * as passwordResetCalls from '@gatehouse/contract/endpoints/password-reset';
import * as registrationCalls from '@gatehouse/contract/endpoints/registration';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type * as CaptchaModule from './';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, testBootstrap } from '../../test/render-app';
import { CaptchaError } from './captcha-error';
import { fail, ok, apiFakeForFile } from '../../test/api-fake';

/**
 * The captcha at the pages' submit (docs/captcha.md "Web"): the result travels under `captcha`, a
 * cancelled or unavailable captcha leaves the form usable, and 10026 runs it again once. The
 * dispatcher itself is tested in lib/captcha/dispatcher; here `runCaptcha` is a stand-in.
 */
const runCaptcha = vi.hoisted(() => vi.fn());
vi.mock('./', async (importOriginal) => ({
  ...(await importOriginal<typeof CaptchaModule>()),
  runCaptcha,
}));
vi.mock('../auth/encrypt-password', () => ({
  encryptPassword: vi.fn(async () => ({
    encrypt_password: 'c2VhbGVkLXBhc3N3b3Jk',
    encrypt_timestamp: '1700000000000',
  })),
}));

const fake = apiFakeForFile();
afterEach(() => {
  runCaptcha.mockReset();
});

const boot = (site: 'global' | 'EU' = 'global') => testBootstrap(site, { passwordKey: 'test-key' });
const click = (name: string) =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const LOGGED_IN: ResultInputOf<typeof loginCalls.login> = { user_id: 1, new_user: false, need_verify: null };

async function logIn(email: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right password' } });
  await click('Log in');
}

describe('login with the captcha', () => {
  it('sends the result of the site login scene under `captcha`', async () => {
    const captcha = magpieResult('dG9rZW4=', 31014);
    runCaptcha.mockResolvedValue(captcha);
    fake.answer(loginCalls.loginCompliance, ok(LOGGED_IN));
    const app = await renderApp('/en-EU/login', boot('EU'));
    await logIn('eu@example.com');
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en-EU/dashboard'));
    expect(runCaptcha).toHaveBeenCalledWith(31014, { loginName: 'eu@example.com', force: false });
    expect(fake.received(loginCalls.loginCompliance)[0]).toMatchObject({
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
      expect(fake.received(loginCalls.login)).toEqual([]);
      expect(screen.getByRole('textbox', { name: 'E-mail' })).toBeTruthy();
      expect(document.querySelector('form')?.getAttribute('aria-busy')).toBe('false');
    },
  );

  it('on 10026 runs the captcha again (forced) and retries the login once', async () => {
    const captcha = magpieResult('dG9rZW4=', 31000);
    runCaptcha.mockResolvedValueOnce(null).mockResolvedValueOnce(captcha);
    let calls = 0;
    fake.answer(loginCalls.login, () => (++calls === 1 ? fail(RetCode.CaptchaRequired) : ok(LOGGED_IN)));
    const app = await renderApp('/en/login', boot());
    await logIn('ann@example.com');
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en/dashboard'));
    expect(runCaptcha).toHaveBeenLastCalledWith(31000, { loginName: 'ann@example.com', force: true });
    // The captcha travels beside the login fields: the guard reads it, the request schema drops it.
    const bodies = fake.received(loginCalls.login) as readonly Record<string, unknown>[];
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
    const codeSent: ResultInputOf<typeof registrationCalls.verifyRegisterEmail> = {
      uuid: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
      channel: 'email',
      verify_type: 'code',
      login_name: 'a***@example.com',
      expires_in: 600,
      resend_in: 60,
    };
    fake.answer(registrationCalls.registerInfo, ok({ ...codeSent, next: 'verify' }));
    await renderApp('/en/register', boot());
    await fillAccount('ann@example.com');
    await click('Continue');
    await screen.findByRole('heading', { name: 'Enter the verification code' });
    expect(runCaptcha).toHaveBeenCalledWith(31004, { loginName: 'ann@example.com', force: false });
    expect(fake.received(registrationCalls.registerInfo)[0]).toMatchObject({ captcha });

    cleanup();
    fake.answer(registrationCalls.verifyRegisterEmail, ok(codeSent));
    await renderApp('/en/register?ui=old', boot());
    await fillAccount('old@example.com');
    await click('Continue');
    await screen.findByRole('heading', { name: 'Enter the verification code' });
    expect(fake.received(registrationCalls.verifyRegisterEmail)[0]).toMatchObject({ captcha });
  });

  it('sign-up stays on the account step, usable, when the captcha is unavailable', async () => {
    runCaptcha.mockRejectedValue(new CaptchaError('unavailable'));
    await renderApp('/en/register', boot());
    await fillAccount('ann@example.com');
    await click('Continue');
    await waitFor(() => expect(button('Continue').disabled).toBe(false));
    expect(fake.received(registrationCalls.registerInfo)).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeTruthy();
  });

  it('password reset send-code carries the site login scene result', async () => {
    const captcha = magpieResult('cmVzZXQ=', 31000);
    runCaptcha.mockResolvedValue(captcha);
    fake.answer(
      passwordResetCalls.resetSendCode,
      ok({ accepted: true, channel: 'email', expires_in: 600, resend_in: 60 }),
    );
    await renderApp('/en/forgot-password', boot());
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), {
      target: { value: 'who@example.com' },
    });
    await click('Send code');
    await screen.findByRole('heading', { name: 'Enter the verification code' });
    expect(runCaptcha).toHaveBeenCalledWith(31000, { loginName: 'who@example.com', force: false });
    expect(fake.received(passwordResetCalls.resetSendCode)[0]).toEqual({
      email: 'who@example.com',
      captcha,
    });
  });
});
