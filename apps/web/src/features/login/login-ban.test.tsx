import { RetCode, SELF_UNBAN_WINDOW_MS } from '@gatehouse/contract';
import * as loginCalls from '@gatehouse/contract/endpoints/login';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, testBootstrap } from '../../test/render-app';
import { apiFakeForFile, fail, ok } from '../../test/api-fake';
import { banOutcome, formatUtc } from './login-ban';

// jsdom has no Web Crypto; the encryption itself is tested in encrypt-password.test.ts.
vi.mock('../../lib/auth/encrypt-password', () => ({
  encryptPassword: vi.fn(async () => ({
    encrypt_password: 'c2VhbGVkLXBhc3N3b3Jk',
    encrypt_timestamp: '1700000000000',
  })),
}));

const HOUR = 3_600_000;

describe('banOutcome (spec §4 ban flow)', () => {
  const now = Date.UTC(2030, 0, 10, 12);
  const ban = (ageMs: number, extra: { selfHelp?: boolean; until?: number | null } = {}) => ({
    is_self_help_baned: extra.selfHelp ?? true,
    baned_time: now - ageMs,
    baned_until: extra.until ?? null,
  });

  it('within 24 h: the modal with the end, and when self-help opens', () => {
    expect(banOutcome(ban(HOUR, { until: now + HOUR }), true, now)).toEqual({
      kind: 'modal',
      until: now + HOUR,
      selfHelpFrom: now - HOUR + SELF_UNBAN_WINDOW_MS,
    });
    expect(banOutcome(ban(HOUR, { selfHelp: false }), true, now)).toEqual({
      kind: 'modal',
      until: null,
      selfHelpFrom: null,
    });
    // A site without self-unblock promises none.
    expect(banOutcome(ban(HOUR), false, now)).toMatchObject({ kind: 'modal', selfHelpFrom: null });
  });

  it('after 24 h: the self-unblock page, or error 31003 where the site has none', () => {
    expect(banOutcome(ban(SELF_UNBAN_WINDOW_MS + 1), true, now)).toEqual({ kind: 'self-unblock' });
    expect(banOutcome(ban(SELF_UNBAN_WINDOW_MS + 1), false, now)).toEqual({ kind: 'toast' });
  });

  it('no ban behind the cookie, or no answer: error 31003', () => {
    expect(banOutcome({ is_self_help_baned: false, baned_time: null, baned_until: null }, true, now)).toEqual(
      {
        kind: 'toast',
      },
    );
    expect(banOutcome(undefined, true, now)).toEqual({ kind: 'toast' });
  });

  it('formats times in UTC as YYYY-MM-DD HH:mm:ss', () => {
    expect(formatUtc(Date.UTC(2030, 0, 2, 3, 4, 5, 678))).toBe('2030-01-02 03:04:05');
  });
});

const fake = apiFakeForFile();

async function bannedLogin(path: string, site: 'global' | 'EU' = 'global') {
  const app = await renderApp(path, testBootstrap(site, { passwordKey: 'test-key' }));
  fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: 'ann@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right password' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  });
  return app;
}

/** Dialogs outlive a test's render (they queue in the feedback store): close each one opened. */
async function closeDialog() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
  });
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('login page, banned account (31003)', () => {
  // The toast says the code's localised text, else the server's ret_msg (this fake's client has no translator).
  const SERVER_TEXT = 'This account has been suspended (server text).';
  const refused = (bannedAt: number) =>
    fail(
      RetCode.AccountBanned,
      { is_self_help_baned: true, baned_time: bannedAt, baned_until: null },
      { ret_msg: SERVER_TEXT },
    );

  it('within 24 h opens the banned modal with the ban end in UTC', async () => {
    const bannedAt = Date.now() - HOUR;
    const until = Date.UTC(2031, 5, 1, 8, 30, 0);
    fake.answer(loginCalls.loginCompliance, refused(bannedAt));
    fake.answer(
      loginCalls.banInfo,
      ok({ is_self_help_baned: true, baned_time: bannedAt, baned_until: until }),
    );
    await bannedLogin('/en-EU/login', 'EU');
    const dialog = await screen.findByRole('dialog', { name: 'Account restricted' });
    expect(dialog.textContent).toContain('This account is restricted until 2031-06-01 08:30:00 (UTC).');
    // EU leaves lifting to support (SiteDefinition.selfUnblock).
    expect(dialog.textContent).toContain('Please contact customer support.');
    expect(fake.received(loginCalls.banInfo)).toHaveLength(1);
    await closeDialog();
  });

  it('banned between the password and the code: the code step opens the same modal', async () => {
    const bannedAt = Date.now() - HOUR;
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
    fake.answer(loginCalls.loginVerify, refused(bannedAt));
    fake.answer(
      loginCalls.banInfo,
      ok({ is_self_help_baned: false, baned_time: bannedAt, baned_until: null }),
    );
    await bannedLogin('/en/login');
    fireEvent.change(await screen.findByLabelText('6-digit code'), { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Account restricted' });
    expect(dialog.textContent).toContain('This account is restricted until further notice.');
    expect(fake.received(loginCalls.banInfo)).toHaveLength(1);
    await closeDialog();
  });

  it('within 24 h on a self-unblock site says when self-help opens', async () => {
    const bannedAt = Date.UTC(2030, 0, 1, 0, 0, 0);
    vi.spyOn(Date, 'now').mockReturnValue(bannedAt + HOUR);
    try {
      fake.answer(loginCalls.login, refused(bannedAt));
      fake.answer(
        loginCalls.banInfo,
        ok({ is_self_help_baned: true, baned_time: bannedAt, baned_until: null }),
      );
      await bannedLogin('/en/login');
      const dialog = await screen.findByRole('dialog', { name: 'Account restricted' });
      expect(dialog.textContent).toContain('This account is restricted until further notice.');
      expect(dialog.textContent).toContain(
        'From 2030-01-02 00:00:00 (UTC) you can lift the restriction yourself',
      );
      await closeDialog();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('after 24 h goes to /self-unblock?fromScene=login', async () => {
    const bannedAt = Date.now() - 25 * HOUR;
    fake.answer(loginCalls.login, refused(bannedAt));
    fake.answer(
      loginCalls.banInfo,
      ok({ is_self_help_baned: true, baned_time: bannedAt, baned_until: null }),
    );
    const app = await bannedLogin('/en/login');
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en/self-unblock?fromScene=login'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('after 24 h on a site without self-unblock shows error 31003', async () => {
    const bannedAt = Date.now() - 25 * HOUR;
    fake.answer(loginCalls.loginCompliance, refused(bannedAt));
    fake.answer(
      loginCalls.banInfo,
      ok({ is_self_help_baned: true, baned_time: bannedAt, baned_until: null }),
    );
    const app = await bannedLogin('/en-EU/login', 'EU');
    await screen.findByText(SERVER_TEXT);
    expect(app.location.history.at(-1)).toBe('/en-EU/login');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('with no ban behind the cookie shows the 31003 toast, not the modal', async () => {
    fake.answer(loginCalls.login, refused(Date.now()));
    fake.answer(loginCalls.banInfo, ok({ is_self_help_baned: false, baned_time: null, baned_until: null }));
    await bannedLogin('/en/login');
    await screen.findByText(SERVER_TEXT);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
