import { RetCode, type TwoFactorStatus } from '@gatehouse/contract';
import * as twoFactorCalls from '@gatehouse/contract/endpoints/two-factor';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, testBootstrap } from '../../test/render-app';
import { answerLoggedInUser, apiFakeForFile, fail, ok } from '../../test/api-fake';

// jsdom has no Web Crypto; the encryption itself is tested in encrypt-password.test.ts.
vi.mock('../../lib/auth/encrypt-password', () => ({
  encryptPassword: vi.fn(async () => ({
    encrypt_password: 'x'.repeat(24),
    encrypt_timestamp: '1700000000000',
  })),
}));

const fake = apiFakeForFile();
const OFF: TwoFactorStatus = {
  enabled: false,
  enabled_at: null,
  backup_codes_left: 0,
  unbind_effective_at: null,
};
const ON: TwoFactorStatus = {
  enabled: true,
  enabled_at: 1_700_000_000_000,
  backup_codes_left: 10,
  unbind_effective_at: null,
};
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efghj`);

async function openDashboard() {
  answerLoggedInUser(fake);
  await renderApp('/en/dashboard', testBootstrap('global', { passwordKey: 'test-key' }));
  return screen.findByRole('region', { name: 'Two-factor authentication' }, { timeout: 5000 });
}

const click = async (name: string, scope: HTMLElement = document.body) => {
  await act(async () => {
    fireEvent.click(within(scope).getByRole('button', { name }));
  });
};

describe('the dashboard two-factor section', () => {
  it('turns 2FA on: password, QR code and key, a code, then the backup codes once', async () => {
    let status = OFF;
    fake.answer(twoFactorCalls.twoFactorStatus, () => ok(status));
    fake.answer(twoFactorCalls.twoFactorSetup, (request) =>
      request.encrypt_password === 'x'.repeat(24) && fake.received(twoFactorCalls.twoFactorSetup).length > 1
        ? ok({
            secret: SECRET,
            otpauth_uri: `otpauth://totp/Gatehouse:ann?secret=${SECRET}`,
            period: 30,
            digits: 6,
            expires_in: 600,
          })
        : fail(RetCode.PasswordWrong, { pass_err_count: 1, max_pass_err_count: 5 }),
    );
    fake.answer(twoFactorCalls.twoFactorEnable, (request) => {
      if (request.code !== '246810') return fail(RetCode.VerifyCodeInvalid, { remaining_attempts: 4 });
      status = ON;
      return ok({ enabled: true, backup_codes: CODES });
    });
    const section = await openDashboard();
    await within(section).findByText(/^Off\./);
    await click('Turn on two-factor authentication', section);

    const password = within(section).getByLabelText('Password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    fireEvent.change(password, { target: { value: 'wrong' } });
    await click('Continue', section);
    expect(await within(section).findByText('That password is not right.')).toBeTruthy();
    fireEvent.change(within(section).getByLabelText('Password'), { target: { value: 'right' } });
    await click('Continue', section);

    // The QR code (its own chunk) carries the otpauth URI; the key is there to type in, grouped by four.
    const qr = await within(section).findByRole(
      'img',
      { name: 'QR code for your authenticator app' },
      { timeout: 5000 },
    );
    expect(qr.getAttribute('data-qr-text')).toBe(`otpauth://totp/Gatehouse:ann?secret=${SECRET}`);
    const key = within(section).getByLabelText('Setup key') as HTMLInputElement;
    expect(key.readOnly).toBe(true);
    expect(key.value.replace(/ /g, '')).toBe(SECRET);
    const code = within(section).getByLabelText('Code from the app');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.change(code, { target: { value: '111111' } });
    await click('Turn on', section);
    expect(await within(section).findByText('That code is not right. 4 attempts left.')).toBeTruthy();
    fireEvent.change(within(section).getByLabelText('Code from the app'), { target: { value: '246810' } });
    await click('Turn on', section);

    const list = await within(section).findByRole('list', { name: 'Save your backup codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(within(section).getByRole('button', { name: 'Copy codes' })).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Download codes' })).toBeTruthy();
    await click('I have saved my backup codes', section);
    // Shown once: gone from the page, and the section says it is on.
    expect(await within(section).findByText(/^On since .*10 backup codes left\.$/)).toBeTruthy();
    expect(within(section).queryByText(CODES[0] ?? '')).toBeNull();
    expect(fake.received(twoFactorCalls.twoFactorEnable).at(-1)).toEqual({ code: '246810' });
  });

  it('turns 2FA off only with a code, or a backup code', async () => {
    let status = ON;
    fake.answer(twoFactorCalls.twoFactorStatus, () => ok(status));
    fake.answer(twoFactorCalls.twoFactorDisable, (request) => {
      if (request.backup_code !== 'abcde-fghjk')
        return fail(RetCode.VerifyCodeInvalid, { remaining_attempts: 2 });
      status = OFF;
      return ok({ enabled: false });
    });
    const section = await openDashboard();
    await click(
      'Turn off two-factor authentication',
      await within(section)
        .findByRole('button', { name: 'Turn off two-factor authentication' })
        .then(() => section),
    );
    fireEvent.change(within(section).getByLabelText('Authenticator code'), { target: { value: '123456' } });
    await click('Turn off', section);
    expect(await within(section).findByText('That code is not right. 2 attempts left.')).toBeTruthy();
    await click('Use a backup code instead', section);
    fireEvent.change(within(section).getByLabelText('Backup code'), { target: { value: 'abcde-fghjk' } });
    await click('Turn off', section);
    expect(await within(section).findByText(/^Off\./)).toBeTruthy();
    expect(fake.received(twoFactorCalls.twoFactorDisable)).toEqual([
      { code: '123456' },
      { backup_code: 'abcde-fghjk' },
    ]);
  });

  it('lost device: the e-mailed code schedules the removal, which can be cancelled', async () => {
    let status = ON;
    const at = Date.UTC(2030, 0, 2, 12, 0);
    fake.answer(twoFactorCalls.twoFactorStatus, () => ok(status));
    fake.answer(
      twoFactorCalls.twoFactorUnbindSendCode,
      ok({ channel: 'email', masked_target: 'ann***@example.com', expires_in: 600, resend_in: 60 }),
    );
    fake.answer(twoFactorCalls.twoFactorUnbind, () => {
      status = { ...ON, unbind_effective_at: at };
      return ok({ unbind_effective_at: at });
    });
    fake.answer(twoFactorCalls.twoFactorUnbindCancel, () => {
      status = ON;
      return ok({ cancelled: true });
    });
    const section = await openDashboard();
    await within(section).findByRole('button', { name: 'Lost your authenticator?' });
    await click('Lost your authenticator?', section);
    await click('Send a code to my e-mail', section);
    expect(await within(section).findByText('We sent a code to ann***@example.com.')).toBeTruthy();
    fireEvent.change(within(section).getByLabelText('6-digit code'), { target: { value: '135790' } });
    await click('Remove my authenticator', section);
    expect(await within(section).findByText(/^Your authenticator will be removed on /)).toBeTruthy();
    expect(fake.received(twoFactorCalls.twoFactorUnbind)).toEqual([{ code: '135790' }]);
    await click('Cancel the removal', section);
    await waitFor(() =>
      expect(within(section).queryByText(/^Your authenticator will be removed on /)).toBeNull(),
    );
    expect(fake.received(twoFactorCalls.twoFactorUnbindCancel)).toHaveLength(1);
  });

  it('shows the send call 20035 as 35300 (spec §8)', async () => {
    fake.answer(twoFactorCalls.twoFactorStatus, ok(ON));
    fake.answer(twoFactorCalls.twoFactorUnbindSendCode, fail(RetCode.Unbind2faSendCode));
    const section = await openDashboard();
    await within(section).findByRole('button', { name: 'Lost your authenticator?' });
    await click('Lost your authenticator?', section);
    await click('Send a code to my e-mail', section);
    // The client's toast, under the mapped code (the page test's fake carries no error texts: ret_msg).
    expect(await screen.findByText(/^35300: /)).toBeTruthy();
    expect(screen.queryByText(/^20035: /)).toBeNull();
    expect(within(section).queryByLabelText('6-digit code')).toBeNull();
  });
});
