import { RetCode } from '@gatehouse/contract';
import { DEFAULT_FEATURE_FLAGS } from '@gatehouse/contract/feature-flags';
import * as loginCalls from '@gatehouse/contract/endpoints/login';
import * as sessionCalls from '@gatehouse/contract/endpoints/sessions';
import * as systemCalls from '@gatehouse/contract/endpoints/system';
import * as userCalls from '@gatehouse/contract/endpoints/user';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { answerLoggedInUser, CAPTCHA_OFF, fail, ok, apiFakeForFile } from '../../test/api-fake';
import { isKycVerified } from './dashboard-api';

const fake = apiFakeForFile();

const DEMO_NOTICE =
  'You are in your demo trading account (testnet). Trades here use test funds, not real money.';

describe('dashboard', () => {
  it('says so after a demo-account login (demoAccount=true), and only then', async () => {
    answerLoggedInUser(fake);
    await renderApp('/en/dashboard?demoAccount=true');
    await screen.findByRole('heading', { name: 'Account' });
    expect(screen.getByText(DEMO_NOTICE)).toBeTruthy();
    cleanup();

    answerLoggedInUser(fake);
    await renderApp('/en/dashboard');
    await screen.findByRole('heading', { name: 'Account' });
    expect(screen.queryByText(DEMO_NOTICE)).toBeNull();
  });

  it('shows no demo notice when demo-account login is switched off (feature_flags.demoAccount)', async () => {
    answerLoggedInUser(fake);
    fake.answer(
      systemCalls.webConfig,
      ok({
        data: [
          CAPTCHA_OFF,
          { name: 'feature_flags', value: { ...DEFAULT_FEATURE_FLAGS, demoAccount: false } },
        ],
      }),
    );
    await renderApp('/en/dashboard?demoAccount=true');
    await screen.findByRole('heading', { name: 'Account' });
    await waitFor(() => expect(fake.received(systemCalls.webConfig)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText(DEMO_NOTICE)).toBeNull());
  });

  it('shows the masked account, KYC and bound accounts, and logs out', async () => {
    answerLoggedInUser(fake, [
      { kind: 'email', bound: true, display: 'ann***@example.com' },
      { kind: 'telegram', bound: false, display: null },
    ]);
    fake.answer(loginCalls.logout, ok({ logged_out: true }));
    const app = await renderApp('/en/dashboard?newUser=true');
    await screen.findByRole('heading', { name: 'Account' });
    expect(screen.getByText('Welcome! Your account has been created.')).toBeTruthy();
    expect(screen.getAllByText('ann***@example.com').length).toBeGreaterThan(0);
    expect(screen.getByText('Not verified')).toBeTruthy();
    expect(screen.getByText('Not linked')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    });
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en/login'));
    expect(fake.received(loginCalls.logout)).toHaveLength(1);
  });

  it('logs out everywhere after asking, and not when the user cancels', async () => {
    answerLoggedInUser(fake);
    fake.answer(sessionCalls.logoutAll, ok({ revoked: 3 }));
    const app = await renderApp('/en/dashboard');
    await screen.findByRole('heading', { name: 'Account' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log out everywhere' }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Log out everywhere?' });
    expect(dialog.textContent).toContain('this one included');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    });
    expect(fake.received(sessionCalls.logoutAll)).toEqual([]);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log out everywhere' }));
    });
    await screen.findByRole('dialog', { name: 'Log out everywhere?' });
    const confirm = screen.getAllByRole('button', { name: 'Log out everywhere' }).at(-1);
    await act(async () => {
      if (confirm) fireEvent.click(confirm);
    });
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/en/login'));
    expect(fake.received(sessionCalls.logoutAll)).toHaveLength(1);
  });

  it('sends a visitor without a session to login, with the way back', async () => {
    fake.answer(userCalls.profile, fail(RetCode.SessionExpired));
    fake.answer(userCalls.userInfo, fail(RetCode.SessionExpired));
    fake.answer(userCalls.boundAccounts, fail(RetCode.SessionExpired));
    const app = await renderApp('/en/dashboard');
    await waitFor(() =>
      expect(app.location.history.at(-1)).toBe(
        `/en/login?redirect_url=${encodeURIComponent('/en/dashboard')}`,
      ),
    );
  });
});

describe('isKycVerified (spec §6)', () => {
  it('is true when either the level or the member tag is set and not 0', () => {
    expect(isKycVerified({ kyc_person_level: 0, member_tag: { KYC: 0 } })).toBe(false);
    expect(isKycVerified({ kyc_person_level: 2, member_tag: { KYC: 0 } })).toBe(true);
    expect(isKycVerified({ kyc_person_level: 0, member_tag: { KYC: 1 } })).toBe(true);
    expect(isKycVerified(undefined)).toBe(false);
  });
});
