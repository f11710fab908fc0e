import * as socialCalls from '@gatehouse/contract/endpoints/social-login';
import * as loginCalls from '@gatehouse/contract/endpoints/login';
import * as telegramCalls from '@gatehouse/contract/endpoints/telegram';
import { RetCode } from '@gatehouse/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, testBootstrap } from '../../test/render-app';
import { apiFakeForFile, fail, ok } from '../../test/api-fake';
import { readStoredPending, storePending } from './social-names';

// jsdom has no Web Crypto; the encryption itself is tested in encrypt-password.test.ts.
vi.mock('../../lib/auth/encrypt-password', () => ({
  encryptPassword: vi.fn(async () => ({
    encrypt_password: 'c2VhbGVkLXBhc3N3b3Jk',
    encrypt_timestamp: '1700000000000',
  })),
}));

const fake = apiFakeForFile();
const PENDING = 'p'.repeat(43);

afterEach(() => {
  storePending(null);
  vi.restoreAllMocks();
});

const boot = (providers?: ('google' | 'apple')[]) =>
  testBootstrap('global', { passwordKey: 'test-key', ...(providers ? { socialLogin: { providers } } : {}) });

describe('Google and Apple on the login and sign-up pages', () => {
  it('shows no group when the site has no provider on', async () => {
    await renderApp('/en/login', boot());
    expect(screen.queryByRole('group', { name: 'Or continue with' })).toBeNull();
  });

  it('shows only the providers switched on, each a labelled button', async () => {
    await renderApp('/en/register', boot(['apple']));
    const group = await screen.findByRole('group', { name: 'Or continue with' });
    expect(group.querySelectorAll('button')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Apple' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Google' })).toBeNull();
  });

  it('asks the server for the authorization URL on click and goes there', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...globalThis.location, assign, href: 'http://localhost:3000/en/login' });
    fake.answer(
      socialCalls.socialAuthorize,
      ok({ authorize_url: 'https://accounts.google.com/o/oauth2/auth?x=1' }),
    );
    await renderApp('/en/login?ref=R1', boot(['google', 'apple']));
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Google' }));
    });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/auth?x=1'));
    vi.unstubAllGlobals();
  });

  it('back from the provider unbound: offers both choices; "I already have an account" logs in with the pending id', async () => {
    fake.answer(
      telegramCalls.thirdPartyLogin,
      fail(RetCode.ThirdPartyNotBound, {
        third_pending_id: PENDING,
        expires_in: 1800,
        third_user: { provider: 'google', email: 'g@gmail.test', email_verified: true, name: null },
      }),
    );
    window.history.replaceState(null, '', '/en/login?third_type=google&third_ticket=' + 't'.repeat(43));
    await renderApp(`/en/login?third_type=google&third_ticket=${'t'.repeat(43)}`, boot(['google']));
    await screen.findByRole('heading', { name: 'Link your Google account' });
    expect(window.location.search).not.toContain('third_ticket');
    fireEvent.click(screen.getByRole('button', { name: 'I already have an account' }));
    await screen.findByText('Log in with your password to link your Google account.');
    expect(readStoredPending()).toBeNull();
    fake.answer(loginCalls.login, fail(RetCode.PasswordWrong, { pass_err_count: 1, max_pass_err_count: 5 }));
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: 'g@gmail.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    });
    await waitFor(() => expect(fake.received(loginCalls.login)).toHaveLength(1));
    expect(fake.received(loginCalls.login)[0]).toMatchObject({ third_pending_id: PENDING });
  });
});
