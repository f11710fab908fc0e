import { RetCode } from '@gatehouse/contract';
import * as telegramCalls from '@gatehouse/contract/endpoints/telegram';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, testBootstrap } from '../../test/render-app';
import { answerLoggedInUser, fail, ok, apiFakeForFile } from '../../test/api-fake';

// jsdom has no Web Crypto; the encryption itself is tested in encrypt-password.test.ts. The fake keeps
// the password readable so the test server can tell a wrong one from the right one.
vi.mock('../../lib/auth/encrypt-password', () => ({
  encryptPassword: vi.fn(async (password: string) => ({
    encrypt_password: btoa(password).padEnd(16, '='),
    encrypt_timestamp: '1700000000000',
  })),
}));

const fake = apiFakeForFile();

const telegram = {
  botName: 'gatehouse_bot',
  botId: '123456',
  widgetScriptUrl: '/dev/telegram/telegram-widget.js',
};
const boot = () => testBootstrap('global', { telegram, passwordKey: 'test-key' });

function answerDashboard(): void {
  answerLoggedInUser(fake);
  fake.answer(
    telegramCalls.telegramBindStatus,
    ok({
      status: 1,
      telegram_user: { id: '42', username: 'ann_tg', first_name: 'Ann', last_name: 'Lee', photo_url: null },
    }),
  );
}

describe('Telegram section of the account page', () => {
  it('shows the bound Telegram user and unbinds after confirmation and the password (43006)', async () => {
    answerDashboard();
    fake.answer(telegramCalls.telegramUnbind, (body) => {
      const proof = body?.encrypt_password;
      if (!proof) return fail(RetCode.TelegramReauthRequired, { reauth: 'password', window_seconds: 600 });
      if (proof !== btoa('right password').padEnd(16, '='))
        return fail(RetCode.PasswordWrong, { pass_err_count: 1, max_pass_err_count: 5 });
      return ok({ status: 0 });
    });
    await renderApp('/en/dashboard', boot());
    const section = await screen.findByRole('region', { name: 'Telegram' });
    await within(section).findByText('@ann_tg');
    expect(within(section).getByText('Ann Lee')).toBeTruthy();

    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Unlink Telegram' }));
    });
    const confirm = await screen.findByRole('dialog', { name: 'Unlink Telegram?' });
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Unlink' }));
    });

    const ask = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    const password = within(ask).getByLabelText('Password');
    fireEvent.change(password, { target: { value: 'wrong password' } });
    await act(async () => {
      fireEvent.click(within(ask).getByRole('button', { name: 'Confirm' }));
    });
    await within(ask).findByText('That password is not right.');

    fireEvent.change(within(ask).getByLabelText('Password'), { target: { value: 'right password' } });
    await act(async () => {
      fireEvent.click(within(ask).getByRole('button', { name: 'Confirm' }));
    });
    await within(section).findByText('No Telegram account is linked.');
    expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull();
    expect(fake.received(telegramCalls.telegramUnbind)).toHaveLength(3);
  });

  it('keeps the account bound when the password dialog is cancelled', async () => {
    answerDashboard();
    fake.answer(
      telegramCalls.telegramUnbind,
      fail(RetCode.TelegramReauthRequired, { reauth: 'password', window_seconds: 600 }),
    );
    await renderApp('/en/dashboard', boot());
    const section = await screen.findByRole('region', { name: 'Telegram' });
    await within(section).findByText('@ann_tg');
    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Unlink Telegram' }));
    });
    const confirm = await screen.findByRole('dialog', { name: 'Unlink Telegram?' });
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Unlink' }));
    });
    const ask = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await act(async () => {
      fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull());
    expect(within(section).getByText('@ann_tg')).toBeTruthy();
  });

  it('is absent when Telegram is off (no bot token: no telegram in the bootstrap)', async () => {
    answerDashboard();
    await renderApp('/en/dashboard');
    await screen.findByRole('heading', { name: 'Account' });
    expect(screen.queryByRole('region', { name: 'Telegram' })).toBeNull();
  });
});
