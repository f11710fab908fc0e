import { RetCode } from '@gatehouse/contract';
import * as loginCalls from '@gatehouse/contract/endpoints/login';
import * as twoFactorCalls from '@gatehouse/contract/endpoints/two-factor';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, testBootstrap } from '../../test/render-app';
import { apiFakeForFile, fail, ok } from '../../test/api-fake';

vi.mock('../../lib/auth/encrypt-password', () => ({
  encryptPassword: vi.fn(async () => ({
    encrypt_password: 'x'.repeat(24),
    encrypt_timestamp: '1700000000000',
  })),
}));

const fake = apiFakeForFile();
const CHALLENGE = 'f'.repeat(32);
const NEED_2FA = {
  user_id: null,
  new_user: false,
  need_verify: null,
  need_2fa: { challenge_id: CHALLENGE, expires_in: 300, methods: ['totp' as const, 'backup_code' as const] },
};

async function passwordStep() {
  const app = await renderApp('/en/login', testBootstrap('global', { passwordKey: 'test-key' }));
  fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: 'ann@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right password' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  });
  // Two chunks load on the first use (the code step's, then the authenticator step's).
  const heading = await screen.findByRole(
    'heading',
    { name: 'Two-factor authentication' },
    { timeout: 5000 },
  );
  await waitFor(() => expect(document.activeElement).toBe(heading));
  return app;
}

const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  });
};

describe('the login authenticator step', () => {
  it('asks for the app code (one-time-code autofill), then logs in', async () => {
    fake.answer(loginCalls.login, ok(NEED_2FA));
    fake.answer(twoFactorCalls.loginTwoFactor, ok({ user_id: 7, new_user: false, need_verify: null }));
    const app = await passwordStep();
    const code = screen.getByLabelText('Authenticator code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    // Too short: said at once, nothing sent.
    fireEvent.change(code, { target: { value: '12' } });
    await submit();
    expect(screen.getByText('Enter the 6 digits of the code.')).toBeTruthy();
    expect(fake.received(twoFactorCalls.loginTwoFactor)).toEqual([]);

    fireEvent.change(code, { target: { value: '123 456' } });
    await submit();
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en/dashboard'));
    expect(fake.received(twoFactorCalls.loginTwoFactor)).toEqual([
      { challenge_id: CHALLENGE, code: '123456' },
    ]);
  });

  it('takes a backup code instead, and says how many tries are left after a wrong one', async () => {
    fake.answer(loginCalls.login, ok(NEED_2FA));
    fake.answer(twoFactorCalls.loginTwoFactor, (request) =>
      request.backup_code === 'abcde-fghjk'
        ? ok({ user_id: 7, new_user: false, need_verify: null })
        : fail(RetCode.VerifyCodeInvalid, { remaining_attempts: 3 }),
    );
    const app = await passwordStep();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Use a backup code instead' }));
    });
    const backup = screen.getByLabelText('Backup code');
    await waitFor(() => expect(document.activeElement).toBe(backup));
    fireEvent.change(backup, { target: { value: 'zzzzz-zzzzz' } });
    await submit();
    expect(await screen.findByText('That code is not right. 3 attempts left.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Backup code'), { target: { value: ' abcde-fghjk ' } });
    await submit();
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en/dashboard'));
    expect(fake.received(twoFactorCalls.loginTwoFactor).at(-1)).toEqual({
      challenge_id: CHALLENGE,
      backup_code: 'abcde-fghjk',
    });
  });

  it('comes after the new-device code when the account has 2FA', async () => {
    fake.answer(
      loginCalls.login,
      ok({
        user_id: null,
        new_user: false,
        need_verify: {
          challenge_id: 'c'.repeat(24),
          channel: 'email',
          masked_target: 'ann***@example.com',
          expires_in: 600,
          resend_in: 60,
        },
      }),
    );
    fake.answer(loginCalls.loginVerify, ok(NEED_2FA));
    await renderApp('/en/login', testBootstrap('global', { passwordKey: 'test-key' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), {
      target: { value: 'ann@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right password' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    });
    await screen.findByRole('heading', { name: 'Enter the verification code' });
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '654321' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy();
    expect(screen.getByLabelText('Authenticator code')).toBeTruthy();
  });

  it('says when the step has expired and leads back to the password', async () => {
    fake.answer(loginCalls.login, ok(NEED_2FA));
    fake.answer(twoFactorCalls.loginTwoFactor, fail(RetCode.VerifyCodeExpired));
    await passwordStep();
    fireEvent.change(screen.getByLabelText('Authenticator code'), { target: { value: '123456' } });
    await submit();
    expect(await screen.findByText('This login step has expired. Please log in again.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Use another e-mail or number' }));
    });
    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeTruthy();
  });
});
