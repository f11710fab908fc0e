import { RetCode, type ResultInputOf } from '@gatehouse/contract';
import * as oauthCalls from '@gatehouse/contract/endpoints/oauth';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { fail, ok, apiFakeForFile } from '../../test/api-fake';
import { leaveForApp } from './leave-for-app';

vi.mock('./leave-for-app', () => ({ leaveForApp: vi.fn() }));

const fake = apiFakeForFile();
afterEach(() => {
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
const SCOPES: ResultInputOf<typeof oauthCalls.oauthClientInfo>['scopes'] = [
  { name: 'profile', text_key: 'oauth.scope.profile' },
  { name: 'email', text_key: 'oauth.scope.email' },
];
const PRE: ResultInputOf<typeof oauthCalls.oauthPreAuthorize> = {
  consent_required: true,
  client: CLIENT,
  scopes: SCOPES,
  account: { id: 42, vague_email: 'ann***@example.com', vague_mobile: null },
};

describe('OAuth entry', () => {
  it('asks a visitor without a session to log in, under the app name, and switches to sign-up keeping the query', async () => {
    fake.answer(oauthCalls.oauthClientInfo, ok({ ...CLIENT, scopes: SCOPES }));
    fake.answer(oauthCalls.oauthPreAuthorize, fail(RetCode.SessionExpired));
    await renderApp(`/en/oauth?${QUERY}`);
    await screen.findByText('Acme Portfolio wants to use your Acme account. Log in to continue.');
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    const signUp = screen.getByRole('link', { name: 'Sign up' });
    expect(signUp.getAttribute('href')).toBe(`/en/oauth-register?${QUERY}`);
    // The query went out whole, and no toast for the expected 10006.
    expect(fake.received(oauthCalls.oauthPreAuthorize)[0]).toEqual(REQUEST);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the sign-up form on /oauth-register, with the way back to log in', async () => {
    fake.answer(oauthCalls.oauthClientInfo, ok({ ...CLIENT, scopes: SCOPES }));
    fake.answer(oauthCalls.oauthPreAuthorize, fail(RetCode.SessionExpired));
    await renderApp(`/en/oauth-register?${QUERY}`);
    await screen.findByText('Acme Portfolio wants to use your Acme account. Create an account to continue.');
    await screen.findByRole('heading', { level: 2, name: 'Create your account' }, { timeout: 5000 });
    const logIn = screen.getByRole('link', { name: 'Log in' });
    expect(logIn.getAttribute('href')).toBe(`/en/oauth-login?${QUERY}`);
  });

  it('goes straight to the consent page with the same query when logged in', async () => {
    fake.answer(oauthCalls.oauthClientInfo, ok({ ...CLIENT, scopes: SCOPES }));
    fake.answer(oauthCalls.oauthPreAuthorize, ok(PRE));
    fake.answer(oauthCalls.oauthAuthorize, ok({ consent_required: true, redirect_to: null }));
    const app = await renderApp(`/en/oauth?${QUERY}`);
    await waitFor(() => expect(app.location.history).toContain(`/en/oauth-authorized?${QUERY}`));
  });

  it('shows an unknown return address as an error, with no way to it', async () => {
    fake.answer(
      oauthCalls.oauthClientInfo,
      fail(RetCode.OAuthRedirectUriInvalid, { error: 'invalid_request', redirect_to: null }),
    );
    fake.answer(oauthCalls.oauthPreAuthorize, fail(RetCode.OAuthRedirectUriInvalid));
    const app = await renderApp(`/en/oauth?${QUERY}`);
    const alert = await screen.findByRole('alert');
    // The server's message (the test client has no translator; the page shows the localised one).
    expect(alert.textContent).toBe('error 42002');
    expect(screen.queryByRole('link', { name: 'Return to the app' })).toBeNull();
    expect(app.location.history).toEqual([`/en/oauth?${QUERY}`]);
  });

  it('offers the way back to the app for a fault the app may hear about (PKCE)', async () => {
    fake.answer(oauthCalls.oauthClientInfo, ok({ ...CLIENT, scopes: SCOPES }));
    fake.answer(
      oauthCalls.oauthPreAuthorize,
      fail(RetCode.OAuthPkceRequired, {
        error: 'invalid_request',
        redirect_to: 'https://acme.example/cb?error=invalid_request',
      }),
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
    expect(fake.receivedCount()).toBe(0);
  });
});

describe('consent screen', () => {
  it('shows the app, the scopes in words and the account; Accept confirms and returns to the app', async () => {
    fake.answer(oauthCalls.oauthAuthorize, ok({ consent_required: true, redirect_to: null }));
    fake.answer(oauthCalls.oauthPreAuthorize, ok(PRE));
    fake.answer(
      oauthCalls.oauthConfirm,
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
    expect(fake.received(oauthCalls.oauthConfirm)[0]).toEqual({
      ...REQUEST,
      decision: 'accept',
    });
  });

  it('Decline sends the decision and follows the error redirect', async () => {
    fake.answer(oauthCalls.oauthAuthorize, ok({ consent_required: true, redirect_to: null }));
    fake.answer(oauthCalls.oauthPreAuthorize, ok(PRE));
    fake.answer(
      oauthCalls.oauthConfirm,
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
    expect(fake.received(oauthCalls.oauthConfirm)[0]).toMatchObject({
      decision: 'decline',
    });
  });

  it('returns at once when consent is already remembered', async () => {
    fake.answer(
      oauthCalls.oauthAuthorize,
      ok({ consent_required: false, redirect_to: 'https://acme.example/cb?code=c2&state=st-1' }),
    );
    await renderApp(`/en/oauth-authorized?${QUERY}`);
    await waitFor(() =>
      expect(leaveForApp).toHaveBeenCalledWith('https://acme.example/cb?code=c2&state=st-1'),
    );
    expect(within(screen.getByRole('main')).queryByRole('button', { name: 'Accept' })).toBeNull();
    // pre_authorize went out with authorize, not after its answer (the consent screen saves a round
    // trip); with the consent on record its answer is not used.
    expect(fake.received(oauthCalls.oauthPreAuthorize)).toContainEqual(REQUEST);
  });

  it('sends a visitor without a session to log in first, keeping the request', async () => {
    fake.answer(oauthCalls.oauthAuthorize, fail(RetCode.SessionExpired));
    const app = await renderApp(`/en/oauth-authorized?${QUERY}`);
    await waitFor(() => expect(app.location.history).toContain(`/en/oauth-login?${QUERY}`));
  });
});

describe('OAuth log-out', () => {
  it('ends the session and goes to the target the server answers', async () => {
    fake.answer(oauthCalls.oauthLogout, ok({ redirect_to: 'https://acme.example/bye?state=s' }));
    await renderApp(
      '/en/oauth-log-out?client_id=acme&post_logout_redirect_uri=https%3A%2F%2Facme.example%2Fbye&state=s',
    );
    await waitFor(() => expect(leaveForApp).toHaveBeenCalledWith('https://acme.example/bye?state=s'));
    expect(fake.received(oauthCalls.oauthLogout)[0]).toEqual({
      client_id: 'acme',
      post_logout_redirect_uri: 'https://acme.example/bye',
      state: 's',
    });
  });
});
