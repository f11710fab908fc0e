import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import {
  fail,
  ok,
  startAuthTestServer,
  type AuthTestServer,
} from '../auth-common/test-support/auth-test-server';
import { leaveForApp } from './leave-for-app';

vi.mock('./leave-for-app', () => ({ leaveForApp: vi.fn() }));

let server: AuthTestServer;
beforeAll(async () => {
  server = await startAuthTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.reset();
  vi.mocked(leaveForApp).mockClear();
});

const REQUEST = {
  client_id: 'acme',
  redirect_uri: 'https://acme.example/cb',
  response_type: 'code',
  scope: 'profile email',
  state: 'st-1',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
};
const QUERY = new URLSearchParams(REQUEST).toString();
const CLIENT = { client_id: 'acme', name: 'Acme Portfolio', logo_url: null };
const SCOPES = [
  { name: 'profile', text_key: 'oauth.scope.profile' },
  { name: 'email', text_key: 'oauth.scope.email' },
];
const PRE = ok({
  consent_required: true,
  client: CLIENT,
  scopes: SCOPES,
  account: { id: 42, vague_email: 'ann***@example.com', vague_mobile: null },
});

describe('OAuth entry', () => {
  it('asks a visitor without a session to log in, under the app name, and switches to sign-up keeping the query', async () => {
    server.answer('GET', '/oauth/v1/public/client_info', ok({ ...CLIENT, scopes: SCOPES }));
    server.answer('GET', '/oauth/v1/private/pre_authorize', fail(10006));
    await renderApp(`/en/oauth?${QUERY}`);
    await screen.findByText('Acme Portfolio wants to use your Acme account. Log in to continue.');
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    const signUp = screen.getByRole('link', { name: 'Sign up' });
    expect(signUp.getAttribute('href')).toBe(`/en/oauth-register?${QUERY}`);
    // The query went out whole, and no toast for the expected 10006.
    expect(server.received.get('GET /oauth/v1/private/pre_authorize')?.[0]).toEqual(REQUEST);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the sign-up form on /oauth-register, with the way back to log in', async () => {
    server.answer('GET', '/oauth/v1/public/client_info', ok({ ...CLIENT, scopes: SCOPES }));
    server.answer('GET', '/oauth/v1/private/pre_authorize', fail(10006));
    await renderApp(`/en/oauth-register?${QUERY}`);
    await screen.findByText('Acme Portfolio wants to use your Acme account. Create an account to continue.');
    await screen.findByRole('heading', { level: 2, name: 'Create your account' }, { timeout: 5000 });
    const logIn = screen.getByRole('link', { name: 'Log in' });
    expect(logIn.getAttribute('href')).toBe(`/en/oauth-login?${QUERY}`);
  });

  it('goes straight to the consent page with the same query when logged in', async () => {
    server.answer('GET', '/oauth/v1/public/client_info', ok({ ...CLIENT, scopes: SCOPES }));
    server.answer('GET', '/oauth/v1/private/pre_authorize', PRE);
    server.answer('GET', '/oauth/v1/private/authorize', ok({ consent_required: true, redirect_to: null }));
    const app = await renderApp(`/en/oauth?${QUERY}`);
    await waitFor(() => expect(app.location.history).toContain(`/en/oauth-authorized?${QUERY}`));
  });

  it('shows an unknown return address as an error, with no way to it', async () => {
    server.answer(
      'GET',
      '/oauth/v1/public/client_info',
      fail(42002, { error: 'invalid_request', redirect_to: null }),
    );
    server.answer('GET', '/oauth/v1/private/pre_authorize', fail(42002));
    const app = await renderApp(`/en/oauth?${QUERY}`);
    const alert = await screen.findByRole('alert');
    // The server's message (the test client has no translator; the page shows the localised one).
    expect(alert.textContent).toBe('error 42002');
    expect(screen.queryByRole('link', { name: 'Return to the app' })).toBeNull();
    expect(app.location.history).toEqual([`/en/oauth?${QUERY}`]);
  });

  it('offers the way back to the app for a fault the app may hear about (PKCE)', async () => {
    server.answer('GET', '/oauth/v1/public/client_info', ok({ ...CLIENT, scopes: SCOPES }));
    server.answer(
      'GET',
      '/oauth/v1/private/pre_authorize',
      fail(42006, { error: 'invalid_request', redirect_to: 'https://acme.example/cb?error=invalid_request' }),
    );
    await renderApp(`/en/oauth?${QUERY}`);
    await screen.findByRole('alert');
    expect(screen.getByRole('link', { name: 'Return to the app' }).getAttribute('href')).toBe(
      'https://acme.example/cb?error=invalid_request',
    );
  });

  it('says so when the request lacks client_id or redirect_uri, without calling anything', async () => {
    await renderApp('/en/oauth?client_id=acme');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This sign-in link is incomplete. Please start again from the app.',
    );
    expect(server.received.size).toBe(0);
  });
});

describe('consent screen', () => {
  it('shows the app, the scopes in words and the account; Accept confirms and returns to the app', async () => {
    server.answer('GET', '/oauth/v1/private/authorize', ok({ consent_required: true, redirect_to: null }));
    server.answer('GET', '/oauth/v1/private/pre_authorize', PRE);
    server.answer(
      'POST',
      '/oauth/v1/private/confirm_auth',
      ok({ redirect_to: 'https://acme.example/cb?code=c1&state=st-1&iss=http%3A%2F%2Flocalhost' }),
    );
    await renderApp(`/en/oauth-authorized?${QUERY}`);
    await screen.findByText('Acme Portfolio is asking for access to your Acme account.');
    expect(screen.getByText('See your full e-mail address')).toBeTruthy();
    expect(screen.getByText('Signed in as ann***@example.com')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Accept' }));
    });
    await waitFor(() =>
      expect(leaveForApp).toHaveBeenCalledWith(
        'https://acme.example/cb?code=c1&state=st-1&iss=http%3A%2F%2Flocalhost',
      ),
    );
    expect(server.received.get('POST /oauth/v1/private/confirm_auth')?.[0]).toEqual({
      ...REQUEST,
      decision: 'accept',
    });
  });

  it('Decline sends the decision and follows the error redirect', async () => {
    server.answer('GET', '/oauth/v1/private/authorize', ok({ consent_required: true, redirect_to: null }));
    server.answer('GET', '/oauth/v1/private/pre_authorize', PRE);
    server.answer(
      'POST',
      '/oauth/v1/private/confirm_auth',
      ok({ redirect_to: 'https://acme.example/cb?error=access_denied&state=st-1' }),
    );
    await renderApp(`/en/authorized?${QUERY}`);
    const decline = await within(screen.getByRole('main')).findByRole('button', { name: 'Decline' });
    await act(async () => {
      fireEvent.click(decline);
    });
    await waitFor(() =>
      expect(leaveForApp).toHaveBeenCalledWith('https://acme.example/cb?error=access_denied&state=st-1'),
    );
    expect(server.received.get('POST /oauth/v1/private/confirm_auth')?.[0]).toMatchObject({
      decision: 'decline',
    });
  });

  it('returns at once when consent is already remembered', async () => {
    server.answer(
      'GET',
      '/oauth/v1/private/authorize',
      ok({ consent_required: false, redirect_to: 'https://acme.example/cb?code=c2&state=st-1' }),
    );
    await renderApp(`/en/oauth-authorized?${QUERY}`);
    await waitFor(() =>
      expect(leaveForApp).toHaveBeenCalledWith('https://acme.example/cb?code=c2&state=st-1'),
    );
    expect(server.received.has('GET /oauth/v1/private/pre_authorize')).toBe(false);
    expect(within(screen.getByRole('main')).queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('sends a visitor without a session to log in first, keeping the request', async () => {
    server.answer('GET', '/oauth/v1/private/authorize', fail(10006));
    const app = await renderApp(`/en/oauth-authorized?${QUERY}`);
    await waitFor(() => expect(app.location.history).toContain(`/en/oauth-login?${QUERY}`));
  });
});

describe('OAuth log-out', () => {
  it('ends the session and goes to the target the server answers', async () => {
    server.answer(
      'POST',
      '/oauth/v1/private/logout',
      ok({ redirect_to: 'https://acme.example/bye?state=s' }),
    );
    await renderApp(
      '/en/oauth-log-out?client_id=acme&post_logout_redirect_uri=https%3A%2F%2Facme.example%2Fbye&state=s',
    );
    await waitFor(() => expect(leaveForApp).toHaveBeenCalledWith('https://acme.example/bye?state=s'));
    expect(server.received.get('POST /oauth/v1/private/logout')?.[0]).toEqual({
      client_id: 'acme',
      post_logout_redirect_uri: 'https://acme.example/bye',
      state: 's',
    });
  });
});
