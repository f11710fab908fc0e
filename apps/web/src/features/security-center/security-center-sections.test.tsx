import { RetCode, type ActiveSession, type SignInAttempt } from '@gatehouse/contract';
import * as securityCalls from '@gatehouse/contract/endpoints/account-security';
import * as sessionCalls from '@gatehouse/contract/endpoints/sessions';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, testBootstrap } from '../../test/render-app';
import { answerLoggedInUser, apiFakeForFile, fail, ok } from '../../test/api-fake';

// jsdom has no Web Crypto: "encrypted" here is the password marked, so the fake can tell them apart.
vi.mock('../../lib/auth/encrypt-password', () => ({
  encryptPassword: vi.fn(async (password: string) => ({
    encrypt_password: `enc:${password}`.padEnd(24, '.'),
    encrypt_timestamp: '1700000000000',
  })),
}));

const fake = apiFakeForFile();
const base = { country: 'DE', site: 'global', method: 'password' as const, created_at: 1_700_000_000_000 };
const HERE: ActiveSession = {
  ...base,
  session_id: 'a'.repeat(22),
  current: true,
  device: 'desktop',
  browser: 'Chrome 120',
  os: 'Windows 10',
  last_seen_at: 1_700_000_100_000,
};
const PHONE: ActiveSession = {
  ...base,
  session_id: 'b'.repeat(22),
  current: false,
  device: 'mobile',
  browser: 'Safari 17.2',
  os: 'iOS 17.2',
  country: 'FR',
  last_seen_at: 1_700_000_050_000,
};
const ATTEMPTS: SignInAttempt[] = [
  {
    ...base,
    at: 1_700_000_000_000,
    result: 'success',
    ip: '203.0.113.10',
    device: 'desktop',
    browser: 'Chrome 120',
    os: 'Windows 10',
  },
  {
    ...base,
    at: 1_699_999_000_000,
    result: 'wrong_password',
    ip: '198.51.100.7',
    device: 'other',
    browser: null,
    os: null,
    country: null,
  },
];

async function openDashboard() {
  answerLoggedInUser(fake);
  await renderApp('/en/dashboard', testBootstrap('global', { passwordKey: 'test-key' }));
}

describe('the dashboard sessions and sign-in history', () => {
  it('lists the sessions and signs out another one', async () => {
    let sessions = [HERE, PHONE];
    fake.answer(sessionCalls.sessionsList, () => ok({ sessions }));
    fake.answer(sessionCalls.sessionRevoke, () => {
      sessions = [HERE];
      return ok({ revoked: true as const });
    });
    fake.answer(sessionCalls.sessionRevokeOthers, () => ok({ revoked: 0 }));
    fake.answer(sessionCalls.signInHistory, () => ok({ attempts: [] }));
    await openDashboard();
    const section = await screen.findByRole('region', { name: 'Active sessions' }, { timeout: 5000 });
    await within(section).findByText('Safari 17.2 · iOS 17.2');
    expect(within(section).getByText('(this device)')).toBeDefined();
    expect(within(section).getByText('France')).toBeDefined();
    // Only the other session can be signed out here; its button names it.
    expect(within(section).getAllByRole('button', { name: /^Sign out (?!all)/ })).toHaveLength(1);
    expect(within(section).getByRole('button', { name: 'Sign out all other sessions' })).toBeDefined();
    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Sign out Safari 17.2 · iOS 17.2' }));
    });
    await waitFor(() =>
      expect(fake.received(sessionCalls.sessionRevoke)).toEqual([{ session_id: PHONE.session_id }]),
    );
    await waitFor(() => expect(within(section).queryByText('Safari 17.2 · iOS 17.2')).toBeNull());
    expect(within(section).getByText('You are not signed in anywhere else.')).toBeDefined();
  });

  it('shows the sign-in history as a table: time, result, address, device, method', async () => {
    fake.answer(sessionCalls.sessionsList, () => ok({ sessions: [HERE] }));
    fake.answer(sessionCalls.signInHistory, () => ok({ attempts: ATTEMPTS }));
    await openDashboard();
    const table = await screen.findByRole('table', { name: 'Sign-in history' }, { timeout: 5000 });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('Signed in')).toBeDefined();
    expect(within(rows[1] as HTMLElement).getByText('203.0.113.10 (Germany)')).toBeDefined();
    expect(within(rows[2] as HTMLElement).getByText('Wrong password')).toBeDefined();
    expect(within(rows[2] as HTMLElement).getByText('Device')).toBeDefined();
    expect(within(rows[2] as HTMLElement).getByText('Password')).toBeDefined();
  });
});

describe('the dashboard password change', () => {
  it('asks for the current password and a policy-conform new one, then reloads the sessions', async () => {
    let sessions = [HERE, PHONE];
    fake.answer(sessionCalls.sessionsList, () => ok({ sessions }));
    fake.answer(sessionCalls.signInHistory, () => ok({ attempts: [] }));
    fake.answer(securityCalls.changePassword, (request) => {
      if (!request.current.encrypt_password.startsWith('enc:old pass phrase')) {
        return fail(RetCode.PasswordWrong, { pass_err_count: 1, max_pass_err_count: 5 });
      }
      sessions = [HERE];
      return ok({ password_changed: true as const, sessions_ended: 1 });
    });
    await openDashboard();
    const section = await screen.findByRole('region', { name: 'Password' }, { timeout: 5000 });
    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    });
    const submit = () =>
      act(async () => {
        fireEvent.submit(within(section).getByRole('button', { name: 'Change password' }));
      });
    const current = within(section).getByLabelText('Current password');
    const next = within(section).getByLabelText('New password');

    // Checked before anything is sent: both missing, then a new one too short.
    await submit();
    expect(within(section).getByText('Enter your current password.')).toBeDefined();
    fireEvent.change(current, { target: { value: 'a wrong one' } });
    fireEvent.change(next, { target: { value: 'short' } });
    await submit();
    expect(within(section).getByText('Use at least 8 characters.')).toBeDefined();
    expect(fake.received(securityCalls.changePassword)).toHaveLength(0);

    fireEvent.change(next, { target: { value: 'a long new pass phrase' } });
    await submit();
    await within(section).findByText('That is not your current password.');

    fireEvent.change(current, { target: { value: 'old pass phrase' } });
    await submit();
    await screen.findByText('Your password was changed. Other sessions signed out: 1.');
    const list = screen.getByRole('region', { name: 'Active sessions' });
    await waitFor(() => expect(within(list).queryByText('Safari 17.2 · iOS 17.2')).toBeNull());
    expect(within(section).queryByLabelText('Current password')).toBeNull();
  });
});
