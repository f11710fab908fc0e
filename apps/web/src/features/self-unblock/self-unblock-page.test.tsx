import { RetCode, SELF_UNBAN_WINDOW_MS, type BanInfo } from '@gatehouse/contract';
import * as loginCalls from '@gatehouse/contract/endpoints/login';
import * as unblockCalls from '@gatehouse/contract/endpoints/self-unblock';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, testBootstrap } from '../../test/render-app';
import { fail, ok, apiFakeForFile } from '../../test/api-fake';

const fake = apiFakeForFile();

const HOUR = 3_600_000;
const PAGE = '/en/self-unblock?fromScene=login';
const SENT = {
  channel: 'email' as const,
  masked_target: 'ann***@example.com',
  expires_in: 600,
  resend_in: 60,
};

const banned = (ageMs: number, extra: { selfHelp?: boolean; until?: number | null } = {}): BanInfo => ({
  is_self_help_baned: extra.selfHelp ?? true,
  baned_time: Date.now() - ageMs,
  baned_until: extra.until ?? null,
});

async function sendAndEnter(code: string) {
  // Found outside act: inside it React would not render the answer the button waits for.
  const send = await screen.findByRole('button', { name: 'Send code' });
  await act(async () => {
    fireEvent.click(send);
  });
  await screen.findByText('We sent a code to ann***@example.com.');
  fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: code } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
  });
}

describe('self-unblock page', () => {
  it('lifts a self-help ban older than 24 h with the code, then shows login with a notice', async () => {
    const until = Date.UTC(2031, 0, 2, 3, 4, 5);
    fake.answer(loginCalls.banInfo, ok(banned(25 * HOUR, { until })));
    fake.answer(unblockCalls.selfUnblockSendCode, ok(SENT));
    fake.answer(unblockCalls.selfUnblock, ok({ unbanned: true }));
    const app = await renderApp(PAGE, testBootstrap('global'));
    await screen.findByText('This account is restricted until 2031-01-02 03:04:05 (UTC).');
    await sendAndEnter('123456');
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en/login?source=self_unblock'));
    await screen.findByText('Your account is unblocked. You can log in now.');
    expect(fake.received(unblockCalls.selfUnblockSendCode)).toEqual([{}]);
    expect(fake.received(unblockCalls.selfUnblock)).toEqual([{ code: '123456' }]);
  });

  it('says how many attempts are left after a wrong code', async () => {
    fake.answer(loginCalls.banInfo, ok(banned(25 * HOUR)));
    fake.answer(unblockCalls.selfUnblockSendCode, ok(SENT));
    fake.answer(unblockCalls.selfUnblock, fail(RetCode.VerifyCodeInvalid, { remaining_attempts: 4 }));
    const app = await renderApp(PAGE, testBootstrap('global'));
    await sendAndEnter('000000');
    await screen.findByText('That code is not right. 4 attempts left.');
    expect(app.location.history.at(-1)).toBe(PAGE);
  });

  it('within 24 h says from when the user can lift it, with no send button', async () => {
    const bannedAt = Date.now() - HOUR;
    fake.answer(
      loginCalls.banInfo,
      ok({ is_self_help_baned: true, baned_time: bannedAt, baned_until: null }),
    );
    await renderApp(PAGE, testBootstrap('global'));
    const opens = new Date(bannedAt + SELF_UNBAN_WINDOW_MS).toISOString().slice(0, 19).replace('T', ' ');
    await screen.findByText(
      `You can lift this restriction yourself from ${opens} (UTC). Please come back then.`,
    );
    expect(screen.getByText('This account is restricted until further notice.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send code' })).toBeNull();
  });

  it('where self-help is not allowed, says to contact support', async () => {
    fake.answer(loginCalls.banInfo, ok(banned(25 * HOUR, { selfHelp: false })));
    await renderApp(PAGE, testBootstrap('global'));
    await screen.findByText('This restriction cannot be lifted online. Please contact customer support.');
    expect(screen.queryByRole('button', { name: 'Send code' })).toBeNull();
    expect(fake.received(unblockCalls.selfUnblockSendCode)).toEqual([]);
  });

  it('on a site without self-unblock (EU), says to contact support', async () => {
    fake.answer(loginCalls.banInfo, ok(banned(25 * HOUR)));
    await renderApp('/en-EU/self-unblock', testBootstrap('EU'));
    await screen.findByText('This restriction cannot be lifted online. Please contact customer support.');
    expect(screen.queryByRole('button', { name: 'Send code' })).toBeNull();
  });

  it('with no ban behind the cookie, sends the user back to log in', async () => {
    fake.answer(loginCalls.banInfo, ok({ is_self_help_baned: false, baned_time: null, baned_until: null }));
    await renderApp(PAGE, testBootstrap('global'));
    await screen.findByText('We found no restriction for this browser. Log in again to check your account.');
    expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe('/en/login');
  });

  it('when the ban can no longer be lifted (31040), reads it again', async () => {
    fake.answer(loginCalls.banInfo, ok(banned(25 * HOUR)));
    fake.answer(unblockCalls.selfUnblockSendCode, fail(RetCode.SelfUnbanUnavailable));
    await renderApp(PAGE, testBootstrap('global'));
    const send = await screen.findByRole('button', { name: 'Send code' });
    await act(async () => {
      fireEvent.click(send);
    });
    await waitFor(() => expect(fake.received(loginCalls.banInfo)).toHaveLength(2));
    await screen.findByText('This restriction cannot be lifted online. Please contact customer support.');
  });
});
