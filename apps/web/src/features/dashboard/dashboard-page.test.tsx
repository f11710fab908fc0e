import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import {
  answerLoggedInUser,
  fail,
  ok,
  startAuthTestServer,
  type AuthTestServer,
} from '../auth-common/test-support/auth-test-server';
import { isKycVerified } from './dashboard-api';

let server: AuthTestServer;
beforeAll(async () => {
  server = await startAuthTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.reset();
});

describe('dashboard', () => {
  it('shows the masked account, KYC, 2FA and bound accounts, and logs out', async () => {
    answerLoggedInUser(server, [
      { kind: 'email', bound: true, display: 'ann***@example.com' },
      { kind: 'telegram', bound: false, display: null },
    ]);
    server.answer('POST', '/logout', ok({ logged_out: true }));
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
    expect(server.received.get('POST /logout')).toHaveLength(1);
  });

  it('sends a visitor without a session to login, with the way back', async () => {
    server.answer('GET', '/v2/private/user/profile', fail(10006));
    server.answer('GET', '/user/private/user-info', fail(10006));
    server.answer('GET', '/user/private/bound-accounts', fail(10006));
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
