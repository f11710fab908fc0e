import { RetCode } from '@gatehouse/contract';
import * as loginCalls from '@gatehouse/contract/endpoints/login';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, testBootstrap } from '../../test/render-app';
import { apiFakeForFile, fail } from '../../test/api-fake';

// jsdom has no Web Crypto; the encryption itself is tested in encrypt-password.test.ts.
vi.mock('../../lib/auth/encrypt-password', () => ({
  encryptPassword: vi.fn(async () => ({
    encrypt_password: 'c2VhbGVkLXBhc3N3b3Jk',
    encrypt_timestamp: '1700000000000',
  })),
}));

const fake = apiFakeForFile();

// Spec §8 "Hong Kong / non-Hong Kong login-site mismatch: modal with a confirm button".
describe.each([
  [RetCode.HkAccountOnOtherSite, 'global', '/en/login', loginCalls.login],
  [RetCode.OtherAccountOnHkSite, 'HKG', '/en-HK/login', loginCalls.loginCompliance],
] as const)('login answering %s', (code, site, path, call) => {
  it('opens the mismatch modal, with the server text, instead of an inline error', async () => {
    const text = `Wrong site for this account (${code}).`;
    fake.answer(call, fail(code, null, { ret_msg: text }));
    await renderApp(path, testBootstrap(site, { passwordKey: 'test-key' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), {
      target: { value: 'ann@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right password' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    });
    const dialog = await screen.findByRole(
      'dialog',
      { name: "Log in on your account's site" },
      { timeout: 5000 },
    );
    expect(dialog.textContent).toContain(text);
    expect(screen.queryByRole('alert')?.textContent ?? '').not.toContain(text);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
